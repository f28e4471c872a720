package org.clothgraph.cli.internal;

import java.io.PrintStream;

import org.eclipse.core.runtime.NullProgressMonitor;

/**
 * A progress bar on stderr: redrawn in place on a terminal, a line per 10% otherwise (logs, CI).
 * Cancelled by Ctrl-C through the JVM shutdown hook that {@link #cancelOnShutdown()} installs.
 */
public final class ConsoleProgressMonitor extends NullProgressMonitor {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private final boolean terminal = System.console() != null;
    private String task = "";
    private double total;
    private double done;
    private int lastShown = -1;
    private long lastDraw;

    public ConsoleProgressMonitor(PrintStream err) {
        this.err = err;
    }

    public ConsoleProgressMonitor cancelOnShutdown() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> setCanceled(true), "clothgraph-cancel"));
        return this;
    }

    @Override
    public void beginTask(String name, int totalWork) {
        task = name == null ? "" : name;
        total = totalWork;
        done = 0;
        lastShown = -1;
        draw();
    }

    @Override
    public void setTaskName(String name) {
        task = name == null ? "" : name;
    }

    @Override
    public void internalWorked(double work) {
        done += work;
        draw();
    }

    @Override
    public void worked(int work) {
        internalWorked(work);
    }

    @Override
    public void done() {
        if (total > 0) {
            done = total;
            draw();
            if (terminal) {
                err.println();
            }
        }
    }

    private void draw() {
        if (total <= 0) {
            return;
        }
        int pct = (int) Math.min(100, Math.round(100 * done / total));
        long now = System.nanoTime();
        if (terminal) {
            if (pct == lastShown && now - lastDraw < 200_000_000L) {
                return;
            }
            int filled = pct * WIDTH / 100;
            err.print("\r" + task + " [" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + pct + "%");
            err.flush();
        } else if (pct / 10 != lastShown / 10 || lastShown < 0) {
            err.println(task + ": " + pct + "%");
        }
        lastShown = pct;
        lastDraw = now;
    }
}
