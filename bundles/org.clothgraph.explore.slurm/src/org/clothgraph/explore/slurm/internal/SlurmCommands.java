package org.clothgraph.explore.slurm.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Slurm's own commands ({@code sbatch}, {@code squeue}, {@code scontrol}, {@code sacct}, {@code scancel}), run as
 * processes with a timeout: the backend talks to the scheduler the way a person at the cluster's login node does,
 * so it works with any Slurm the commands reach.
 */
public class SlurmCommands {
    /** Pilot jobs carry this name; squeue is asked for it. */
    public static final String JOB_NAME = "clothgraph-worker";
    private static final long TIMEOUT_SECONDS = 60;

    /** A job as squeue (or, after it ended, scontrol / sacct) reports it. */
    public record JobState(String id, String state, String node, String elapsed, String reason) {
        /** Whether Slurm still holds it (pending, running, being configured, completing, suspended). */
        public boolean alive() {
            return switch (state) {
            case "PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING", "STAGE_OUT",
                    "SIGNALING", "STOPPED" -> true;
            default -> false;
            };
        }
    }

    /** A Slurm command failed or could not be run; the message is one line. */
    public static final class SlurmException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public SlurmException(String message) {
            super(message);
        }
    }

    /**
     * Submits an array of {@code count} pilot jobs; returns the array job id.
     *
     * @param options sbatch options (partition, time, cpus, memory, extra arguments)
     * @param script the batch script
     */
    public String submitArray(int count, List<String> options, Path output, Path workDir, Path script) {
        // --no-requeue: a pilot whose node fails ends (NODE_FAIL) and the controller places its unit again; a
        // requeued pilot would come back under the same id much later
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable", "--no-requeue", "--job-name=" + JOB_NAME,
                "--array=0-" + (count - 1), "--output=" + output, "--chdir=" + workDir));
        cmd.addAll(options);
        cmd.add(script.toString());
        String out = run(cmd).strip();
        // --parsable prints "jobid" or "jobid;cluster"
        String id = out.contains(";") ? out.substring(0, out.indexOf(';')) : out;
        if (!id.matches("\\d+")) {
            throw new SlurmException("sbatch answered '" + out + "' instead of a job id");
        }
        return id;
    }

    /** The pilot jobs Slurm holds now (array tasks one by one), by job id as squeue prints it (A_T). */
    public Map<String, JobState> queue() {
        String out = run(List.of("squeue", "--noheader", "--array", "--name=" + JOB_NAME, "--format=%i|%T|%N|%M|%r"));
        Map<String, JobState> jobs = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            String[] f = line.strip().split("\\|", -1);
            if (f.length >= 5 && !f[0].isEmpty()) {
                jobs.put(f[0], new JobState(f[0], f[1], f[2], f[3], f[4]));
            }
        }
        return jobs;
    }

    /**
     * How a job that squeue no longer lists ended: scontrol while slurmctld remembers it (MinJobAge), else sacct
     * where accounting is kept; UNKNOWN when neither knows.
     */
    public JobState ended(String id) {
        try {
            String out = run(List.of("scontrol", "--oneliner", "show", "job", id));
            String state = field(out, "JobState");
            if (state != null) {
                String reason = field(out, "Reason");
                return new JobState(id, state, orEmpty(field(out, "NodeList")), orEmpty(field(out, "RunTime")),
                        reason == null || reason.equals("None") ? orEmpty(field(out, "ExitCode")) : reason);
            }
        } catch (SlurmException e) {
            // forgotten by slurmctld: ask accounting
        }
        try {
            String out = run(List.of("sacct", "--noheader", "--parsable2", "--allocations", "--jobs=" + id,
                    "--format=State,NodeList,Elapsed,ExitCode")).strip();
            if (!out.isEmpty()) {
                String[] f = out.split("\n")[0].split("\\|", -1);
                return new JobState(id, f[0].split(" ")[0], f.length > 1 ? f[1] : "", f.length > 2 ? f[2] : "",
                        f.length > 3 ? f[3] : "");
            }
        } catch (SlurmException e) {
            // no accounting on this cluster
        }
        return new JobState(id, "UNKNOWN", "", "", "neither scontrol nor sacct knows the job");
    }

    public void cancel(Collection<String> ids) {
        if (!ids.isEmpty()) {
            List<String> cmd = new ArrayList<>(List.of("scancel"));
            cmd.addAll(ids);
            run(cmd);
        }
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static String field(String oneLine, String name) {
        for (String f : oneLine.split("\\s+")) {
            if (f.startsWith(name + "=")) {
                return f.substring(name.length() + 1);
            }
        }
        return null;
    }

    /** Runs a command; its standard output, or a SlurmException with the command and its error output. */
    protected String run(List<String> cmd) {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
        } catch (IOException e) {
            throw new SlurmException("cannot run " + cmd.get(0) + " (is Slurm installed and on the PATH?): "
                    + e.getMessage());
        }
        try {
            byte[][] streams = new byte[2][];
            Thread err = new Thread(() -> streams[1] = readAll(p.getErrorStream()), "slurm stderr");
            err.setDaemon(true);
            err.start();
            streams[0] = readAll(p.getInputStream());
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new SlurmException(cmd.get(0) + " did not answer within " + TIMEOUT_SECONDS + " s");
            }
            err.join(5000);
            String out = new String(streams[0], StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                String msg = streams[1] == null ? "" : new String(streams[1], StandardCharsets.UTF_8).strip();
                throw new SlurmException(String.join(" ", cmd.subList(0, Math.min(cmd.size(), 3))) + " failed (exit "
                        + p.exitValue() + "): " + msg.replace('\n', ' '));
            }
            return out;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new SlurmException(cmd.get(0) + " interrupted");
        }
    }

    private static byte[] readAll(InputStream in) {
        try (in) {
            return in.readAllBytes();
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
