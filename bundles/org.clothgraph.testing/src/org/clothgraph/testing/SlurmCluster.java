package org.clothgraph.testing;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The Slurm cluster the Slurm tests run on ({@code releng/slurm-local start}, brought up by {@code releng/run-tests}):
 * a test that needs it fails without it when CI=true, and is skipped elsewhere.
 */
public final class SlurmCluster {
    private SlurmCluster() {
    }

    /** Returns when a node takes jobs; else fails (CI=true) or aborts the test. */
    public static void require() {
        String state;
        try {
            Process p = new ProcessBuilder("sinfo", "--noheader", "--Node", "--format=%T").redirectErrorStream(true)
                    .start();
            state = new String(p.getInputStream().readAllBytes()).strip();
            p.waitFor(30, TimeUnit.SECONDS);
        } catch (IOException e) {
            state = "sinfo cannot run: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            state = "interrupted";
        }
        boolean up = state.startsWith("idle") || state.startsWith("mix") || state.startsWith("alloc")
                || state.startsWith("completing");
        String why = "no Slurm node takes jobs (sinfo: '" + state + "'); start one with releng/slurm-local start";
        if (!up) {
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionFailedError(why);
            }
            throw new TestAbortedException(why);
        }
    }
}
