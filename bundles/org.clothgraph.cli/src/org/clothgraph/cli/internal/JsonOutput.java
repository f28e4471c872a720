package org.clothgraph.cli.internal;

import java.io.PrintStream;

import com.google.gson.GsonBuilder;

/** Machine-readable output: one pretty-printed JSON value on stdout. */
public final class JsonOutput {
    private JsonOutput() {
    }

    public static void print(PrintStream out, Object value) {
        out.println(new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping()
                .serializeSpecialFloatingPointValues().create().toJson(value));
    }
}
