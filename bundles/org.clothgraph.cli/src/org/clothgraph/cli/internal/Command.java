package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A CLI command: its name, options, help text and behaviour. */
public abstract class Command {
    private final String name;
    private final String summary;
    private final List<Option> options = new ArrayList<>();

    protected Command(String name, String summary) {
        this.name = name;
        this.summary = summary;
        options.add(Option.flag("help", "show this help"));
        options.add(Option.flag("verbose", "print stack traces of failures"));
    }

    protected final void option(Option o) {
        options.add(o);
    }

    public final String name() {
        return name;
    }

    public final String summary() {
        return summary;
    }

    public final Option option(String optionName) {
        return options.stream().filter(o -> o.name().equals(optionName)).findFirst().orElse(null);
    }

    public boolean takesPositionals() {
        return false;
    }

    /** Usage line after the command name, e.g. {@code --workspace DIR [--json]}. */
    protected abstract String usage();

    public String help() {
        StringBuilder b = new StringBuilder();
        b.append("usage: clothgraph ").append(name).append(' ').append(usage()).append("\n\n");
        b.append(summary).append("\n\noptions:\n");
        for (Option o : options) {
            String left = "--" + o.name() + (o.takesValue() ? " " + o.valueName() : "");
            b.append(String.format("  %-24s %s%n", left, o.description()));
        }
        return b.toString();
    }

    /** Runs the command and returns the exit code. */
    public abstract int run(Args args, PrintStream out, PrintStream err);
}
