package org.clothgraph.sim.arcsim.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.SimulationFailedException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * Runs {@code arcsim resumeoffline <out> P} as a child process in the work dir: output (stdout and stderr) is
 * appended to a log file; progress comes from frame files appearing in the out dir (polled); cancellation and
 * timeouts kill the whole process tree.
 */
public final class ArcsimProcess {

    /** Poll interval, ms. */
    static final long POLL_MILLIS = 40;
    /** Lines of the log quoted in failure messages. */
    static final int TAIL_LINES = 8;

    private ArcsimProcess() {
    }

    /**
     * Checks that {@code exe} exists, is an executable file and prints ARCSim's usage (listing
     * {@code resumeoffline}) when run without arguments.
     *
     * @throws InvalidInputException one line naming the path
     */
    public static void validate(Path exe) {
        if (exe == null) {
            throw new InvalidInputException((String) null, null, "no ARCSim executable configured");
        }
        if (!Files.exists(exe)) {
            throw new InvalidInputException(exe, null, "ARCSim executable not found");
        }
        if (!Files.isRegularFile(exe)) {
            throw new InvalidInputException(exe, null, "ARCSim executable is not a regular file");
        }
        if (!Files.isExecutable(exe)) {
            throw new InvalidInputException(exe, null, "ARCSim executable is not executable (check its permissions)");
        }
        String out;
        Process p = null;
        Path tmp = null;
        try {
            tmp = Files.createTempFile("arcsim-usage", ".txt");
            p = new ProcessBuilder(exe.toAbsolutePath().toString()).redirectErrorStream(true)
                    .redirectOutput(tmp.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullFile())).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                kill(p);
                throw new InvalidInputException(exe, null,
                        "not ARCSim: it did not print its usage and exit within 10 s when run without arguments");
            }
            byte[] b = Files.readAllBytes(tmp);
            out = new String(b, 0, Math.min(b.length, 64 * 1024), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new InvalidInputException(exe, null, "cannot run the ARCSim executable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill(p);
            throw new OperationCanceledException();
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // ignore
                }
            }
        }
        if (!out.contains("resumeoffline")) {
            throw new InvalidInputException(exe, null,
                    "not ARCSim 0.2.x: its usage text does not list 'resumeoffline'");
        }
    }

    /**
     * Runs one resume and waits until it ends.
     *
     * @param frameBase index of this run's first output frame in the caller's result (for failure reports)
     * @param frameTimeout seconds without a new frame before the run is killed (0 = none)
     * @param startupTimeout extra seconds allowed for the first frame (loading, separation)
     * @return wall-clock seconds per frame (from the time each frame file appeared)
     */
    public static double[] run(Path exe, Path workDir, ResumeLayout layout, Path log, int frameBase,
            double frameTimeout, double startupTimeout, IProgressMonitor monitor) throws SimulationFailedException {
        Path outDir = workDir.resolve(SceneBuilder.OUT_DIR);
        List<String> cmd = List.of(exe.toAbsolutePath().toString(), "resumeoffline", SceneBuilder.OUT_DIR,
                Integer.toString(layout.padding()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(nullFile()));
        int frames = layout.frames();
        double[] cost = new double[frames];
        Process p;
        try {
            Files.writeString(log, "$ (cd " + workDir + " && " + String.join(" ", cmd) + ")\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            p = pb.start();
        } catch (IOException e) {
            throw new InvalidInputException(exe, null, "cannot start ARCSim: " + e.getMessage(), e);
        }
        long start = System.nanoTime(), last = start;
        int done = 0;
        try {
            while (true) {
                boolean exited = p.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS);
                while (done < frames && Files.exists(outDir.resolve(layout.outputFrameFile(done)))) {
                    long now = System.nanoTime();
                    cost[done] = (now - last) / 1e9;
                    last = now;
                    done++;
                    if (monitor != null) {
                        monitor.worked(1);
                        monitor.subTask("ARCSim frame " + (frameBase + done) );
                    }
                }
                if (exited) {
                    break;
                }
                if (monitor != null && monitor.isCanceled()) {
                    kill(p);
                    throw new OperationCanceledException();
                }
                double limit = frameTimeout > 0 ? frameTimeout + (done == 0 ? startupTimeout : 0) : 0;
                if (limit > 0 && (System.nanoTime() - last) / 1e9 > limit) {
                    kill(p);
                    throw new SimulationFailedException(FailureReason.TIMEOUT, frameBase + done,
                            String.format(java.util.Locale.ROOT, "ARCSim (%s) produced no frame within %.0f s and was"
                                    + " killed%s", exe, limit, tail(log)));
                }
            }
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new OperationCanceledException();
        }
        int code = p.exitValue();
        if (code != 0) {
            throw exitFailure(exe, code, frameBase + done, log);
        }
        if (done < frames) {
            throw new SimulationFailedException(FailureReason.SOLVER_ERROR, frameBase + done, "ARCSim (" + exe
                    + ") exited with code 0 but wrote " + done + " of " + frames + " frames" + tail(log));
        }
        return cost;
    }

    /**
     * What a non-zero exit means. ARCSim 0.2.1 exits with 1 after printing "Collision resolution failed to
     * converge!" (collision.cpp) or "Initial/Post-remeshing separation failed to converge!" (separateobs.cpp,
     * separate.cpp): its collision response gave up, which is not an explosion of the cloth.
     */
    static SimulationFailedException exitFailure(Path exe, int code, int frame, Path log) {
        String tail = tail(log);
        String text = logText(log);
        for (String m : new String[] {"Collision resolution failed to converge!",
                "Initial separation failed to converge!", "Post-remeshing separation failed to converge!"}) {
            if (text.contains(m)) {
                return new SimulationFailedException(FailureReason.COLLISION_FAILED, frame, "ARCSim (" + exe
                        + ") stopped because its collision response did not converge (\"" + m + "\", exit code " + code
                        + ")" + tail);
            }
        }
        String signal = code > 128 && code < 160 ? " (killed by signal " + (code - 128) + ")" : "";
        return new SimulationFailedException(FailureReason.SOLVER_ERROR, frame,
                "ARCSim (" + exe + ") exited with code " + code + signal + tail);
    }

    private static String logText(Path log) {
        try {
            return Files.readString(log, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return "";
        }
    }

    private static java.io.File nullFile() {
        return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** Kills the process and all its descendants, waiting briefly for them to go. */
    public static void kill(Process p) {
        if (p == null) {
            return;
        }
        List<ProcessHandle> tree = new ArrayList<>();
        p.toHandle().descendants().forEach(tree::add);
        p.destroyForcibly();
        for (ProcessHandle h : tree) {
            h.destroyForcibly();
        }
        try {
            p.waitFor(5, TimeUnit.SECONDS);
            for (ProcessHandle h : tree) {
                h.onExit().get(2, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            // best effort
        }
    }

    /** "; last output: ..." with the log's last lines joined by " | ", or "; no output (log ...)" if it is empty. */
    public static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            List<String> out = new ArrayList<>();
            for (int i = lines.size() - 1; i >= 0 && out.size() < TAIL_LINES; i--) {
                String s = lines.get(i).strip();
                if (!s.isEmpty() && !s.startsWith("$ (cd ")) {
                    out.add(0, s);
                }
            }
            return out.isEmpty() ? "; no output (log " + log + ")"
                    : "; last output: " + String.join(" | ", out) + " (log " + log + ")";
        } catch (IOException e) {
            return "; log " + log;
        }
    }
}
