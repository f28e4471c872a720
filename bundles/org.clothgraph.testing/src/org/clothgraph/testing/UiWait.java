package org.clothgraph.testing;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;

/** Waiting in UI tests: the event loop keeps running, and a timeout says what was awaited and which jobs ran. */
public final class UiWait {
    private UiWait() {
    }

    /** Runs the event loop until the condition holds; fails after {@code timeoutMillis}. */
    public static void until(String what, long timeoutMillis, BooleanSupplier condition) {
        Display display = Display.getCurrent();
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; jobs: " + jobList());
            }
            if (!display.readAndDispatch()) {
                display.timerExec(10, () -> { });
                display.sleep();
            }
        }
        while (display.readAndDispatch()) {
            // flush pending UI work (coalesced refreshes)
        }
    }

    /** Joins a job family while keeping the UI responsive; dumps the job list on timeout. */
    public static void joinFamily(Object family, long timeoutMillis) {
        until("jobs of family " + family, timeoutMillis, () -> Job.getJobManager().find(family).length == 0);
    }

    /** Lets the UI run for a while (painting before a screenshot), without waiting on a condition. */
    public static void settle(long millis) {
        long end = System.currentTimeMillis() + millis;
        until("the UI to settle", millis + 1000, () -> System.currentTimeMillis() >= end);
    }

    public static String jobList() {
        return Arrays.stream(Job.getJobManager().find(null)).map(j -> j.getName() + " [" + j.getState() + "]")
                .collect(Collectors.joining(", "));
    }
}
