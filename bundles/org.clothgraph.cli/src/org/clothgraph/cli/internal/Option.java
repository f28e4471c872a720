package org.clothgraph.cli.internal;

/** One option a command accepts; {@code valueName} null means a flag. */
public record Option(String name, String valueName, String description) {
    public static Option flag(String name, String description) {
        return new Option(name, null, description);
    }

    public static Option value(String name, String valueName, String description) {
        return new Option(name, valueName, description);
    }

    public boolean takesValue() {
        return valueName != null;
    }
}
