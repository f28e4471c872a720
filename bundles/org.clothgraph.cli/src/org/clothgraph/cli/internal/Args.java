package org.clothgraph.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Parsed options ({@code --name value}, {@code --name=value}, flags) and positional arguments. */
public final class Args {
    private final Map<String, String> values = new HashMap<>();
    private final List<String> positionals = new ArrayList<>();

    private Args() {
    }

    public static Args parse(Command command, String[] argv) {
        Args a = new Args();
        for (int i = 0; i < argv.length; i++) {
            String s = argv[i];
            if (!s.startsWith("--") || s.equals("--")) {
                a.positionals.add(s);
                continue;
            }
            String name = s.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            Option o = command.option(name);
            if (o == null) {
                throw new UsageException("unknown option --" + name + " (see --help)");
            }
            if (o.takesValue() && value == null) {
                if (i + 1 >= argv.length) {
                    throw new UsageException("option --" + name + " needs a value <" + o.valueName() + ">");
                }
                value = argv[++i];
            } else if (!o.takesValue() && value != null) {
                throw new UsageException("option --" + name + " takes no value");
            }
            a.values.put(name, value == null ? "true" : value);
        }
        if (!command.takesPositionals() && !a.positionals.isEmpty()) {
            throw new UsageException("unexpected argument '" + a.positionals.get(0) + "' (see --help)");
        }
        return a;
    }

    public boolean flag(String name) {
        return values.containsKey(name);
    }

    public Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    public String required(String name) {
        return value(name).orElseThrow(() -> new UsageException("option --" + name + " is required"));
    }

    public Path requiredPath(String name) {
        return Path.of(required(name)).toAbsolutePath().normalize();
    }

    public int intValue(String name, int defaultValue, int min, int max) {
        String v = values.get(name);
        if (v == null) {
            return defaultValue;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n < min || n > max) {
                throw new UsageException("option --" + name + " must be between " + min + " and " + max + " (got " + n + ")");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("option --" + name + " needs a whole number (got '" + v + "')");
        }
    }

    public double doubleValue(String name, double defaultValue, double min, double max) {
        String v = values.get(name);
        if (v == null) {
            return defaultValue;
        }
        try {
            double d = Double.parseDouble(v.trim());
            if (!(d >= min && d <= max)) {
                throw new UsageException("option --" + name + " must be between " + min + " and " + max + " (got " + v + ")");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new UsageException("option --" + name + " needs a number (got '" + v + "')");
        }
    }

    public List<String> positionals() {
        return List.copyOf(positionals);
    }
}
