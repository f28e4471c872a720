package org.clothgraph.explore.slurm;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.clothgraph.explore.ExpansionResult;
import org.clothgraph.explore.ExpansionUnit;
import org.clothgraph.explore.UnitRunner;
import org.clothgraph.explore.slurm.internal.ProductVersion;
import org.clothgraph.explore.slurm.internal.QueueFolder;
import org.clothgraph.explore.slurm.internal.TaskRecord;
import org.clothgraph.sim.ClothSimulator;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;

/**
 * The pilot's side ({@code clothgraph worker --serve DIR}): takes units of work from a queue folder one at a time
 * per thread, runs each with {@link UnitRunner} (the code the in-process workers run) and writes its result
 * record atomically, until the folder says stop or nothing came for the idle time. A node whose product version
 * differs from the controller's refuses with one line and serves nothing.
 */
public final class UnitServer {
    /** Exit code of a refusal (bad input: the node runs another product version). */
    public static final int REFUSED = 2;

    /**
     * @param dir the queue folder
     * @param expectVersion the controller's product version (empty: no check)
     * @param threads units served at once (one solver thread each)
     * @param idleSeconds exit when no unit came for this long
     * @param job this pilot's name in the folder (its Slurm job id)
     */
    public record Options(Path dir, String expectVersion, int threads, double idleSeconds, String job) {
    }

    private final Options options;
    private final ClothSimulator simulator;
    private final PrintStream log;
    private final QueueFolder folder;

    public UnitServer(Options options, ClothSimulator simulator, PrintStream log) {
        this.options = options;
        this.simulator = simulator;
        this.log = log;
        this.folder = new QueueFolder(options.dir());
    }

    /** This pilot's job id from Slurm's environment (A_T for an array task), or a local name. */
    public static String jobFromEnvironment() {
        String array = System.getenv("SLURM_ARRAY_JOB_ID");
        String task = System.getenv("SLURM_ARRAY_TASK_ID");
        if (array != null && task != null) {
            return array + "_" + task;
        }
        String job = System.getenv("SLURM_JOB_ID");
        return job != null ? job : "local-" + ProcessHandle.current().pid();
    }

    /** CPUs Slurm gave this job (SLURM_CPUS_PER_TASK), else 1. */
    public static int threadsFromEnvironment() {
        try {
            return Math.max(1, Integer.parseInt(System.getenv().getOrDefault("SLURM_CPUS_PER_TASK", "1")));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** Serves until told to stop or idle; 0, or {@link #REFUSED} after writing the refusal. */
    public int serve(IProgressMonitor monitor) {
        IProgressMonitor m = monitor == null ? new NullProgressMonitor() : monitor;
        String node = hostName();
        String own = ProductVersion.current();
        if (!options.expectVersion().isEmpty() && !options.expectVersion().equals(own)) {
            String line = "node " + node + " refused: it runs ClothGraph " + own + ", the controller "
                    + options.expectVersion() + "; install the controller's product on the nodes (Slurm setting"
                    + " productPath)";
            try {
                Files.createDirectories(folder.refused());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            QueueFolder.writeAtomically(folder.refused().resolve(options.job()),
                    (line + "\n").getBytes(StandardCharsets.UTF_8));
            log.println(line);
            return REFUSED;
        }
        log.printf(Locale.ROOT, "pilot %s on %s: ClothGraph %s, %d thread(s), serving %s%n", options.job(), node, own,
                options.threads(), options.dir());
        // units an earlier run of this job had taken (a pilot Slurm restarted) are not being run by anyone
        for (Path left : folder.takenBy(options.job())) {
            folder.giveBack(left);
        }
        List<Thread> threads = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < options.threads(); t++) {
            Thread th = new Thread(() -> {
                try {
                    loop(node, m);
                } catch (RuntimeException | LinkageError e) {
                    // the pilot ends with a failure: Slurm reports the job FAILED and its unit is placed again
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            }, "clothgraph-pilot-" + t);
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) {
            try {
                th.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (failure[0] instanceof RuntimeException e) {
            throw e;
        } else if (failure[0] instanceof Error e) {
            throw e;
        }
        return 0;
    }

    private void loop(String node, IProgressMonitor monitor) {
        long idleSince = System.nanoTime();
        int served = 0;
        while (!monitor.isCanceled()) {
            if (!Files.isDirectory(folder.root())) {
                log.printf(Locale.ROOT, "%s: the queue folder %s is gone; %d unit(s) served%n",
                        Thread.currentThread().getName(), folder.root(), served);
                return;
            }
            if (folder.stopped()) {
                log.printf(Locale.ROOT, "%s: stop requested; %d unit(s) served%n", Thread.currentThread().getName(),
                        served);
                return;
            }
            Optional<Path> taken = folder.take(options.job());
            if (taken.isEmpty()) {
                double idle = (System.nanoTime() - idleSince) / 1e9;
                if (idle >= options.idleSeconds()) {
                    log.printf(Locale.ROOT, "%s: idle %.0f s; %d unit(s) served%n", Thread.currentThread().getName(),
                            idle, served);
                    return;
                }
                // short polls while work is likely to come (between the units of a round), longer ones later
                sleep(idle < 5 ? 20 : 200);
                continue;
            }
            runOne(taken.get(), node, monitor);
            served++;
            idleSince = System.nanoTime();
        }
    }

    private void runOne(Path file, String node, IProgressMonitor monitor) {
        String key = QueueFolder.keyOf(file.getFileName().toString());
        long start = System.currentTimeMillis();
        ExpansionResult r;
        long id = -1;
        try {
            ExpansionUnit unit = ExpansionUnit.fromBytes(Files.readAllBytes(file));
            id = unit.id();
            r = UnitRunner.run(unit, simulator, monitor);
        } catch (IOException e) {
            r = ExpansionResult.failure(id, "unreadable unit of work " + file + ": " + e.getMessage(), 0, 0);
        }
        long end = System.currentTimeMillis();
        QueueFolder.writeAtomically(folder.resultFile(key),
                new TaskRecord(options.job(), node, start, end, r).toBytes());
        folder.delete(file);
        log.printf(Locale.ROOT, "unit %d %s: %s in %.2f s%n", id, key,
                r.failed() ? "failed (" + r.failure() + ")" : r.frameCount() + " frames", (end - start) / 1000.0);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return System.getenv().getOrDefault("HOSTNAME", "unknown");
        }
    }
}
