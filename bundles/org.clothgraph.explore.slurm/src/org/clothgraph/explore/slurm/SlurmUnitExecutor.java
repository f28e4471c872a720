package org.clothgraph.explore.slurm;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.clothgraph.explore.ExpansionResult;
import org.clothgraph.explore.ExpansionUnit;
import org.clothgraph.explore.UnitExecutor;
import org.clothgraph.explore.slurm.internal.ProductVersion;
import org.clothgraph.explore.slurm.internal.QueueFolder;
import org.clothgraph.explore.slurm.internal.SlurmCommands;
import org.clothgraph.explore.slurm.internal.SlurmCommands.JobState;
import org.clothgraph.explore.slurm.internal.SlurmCommands.SlurmException;
import org.clothgraph.explore.slurm.internal.TaskRecord;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothSimulator;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

import com.google.gson.Gson;

/**
 * Places units of work on a Slurm cluster. The controller (this, in the workbench or the CLI) keeps the graph; the
 * parts of a round's units ({@link ExpansionUnit#parts}) are written to the project's queue folder
 * ({@link QueueFolder}, on the file system the nodes share), pilot jobs ({@code sbatch} arrays of {@code clothgraph worker --serve}) take them and write
 * their results back, and the results are returned in unit order, so the exploration commits them exactly as with
 * local workers and gives the same graph bit for bit.
 * <p>
 * Pilot jobs are recorded in the project (scope {@value SlurmSettings#SCOPE}); a controller that was killed and
 * started again finds them through squeue, finds its queued units by their content keys and the results that came in
 * meanwhile, and submits nothing twice. A pilot that fails, times out, is cancelled or whose node dies gives its unit
 * back to the queue; after {@link SlurmSettings#maxAttempts()} placements the unit fails with the job's Slurm state
 * and the tail of its log (the exploration quarantines it). Nothing is cleaned up when the controller is cancelled:
 * the pilots go on, and the next controller picks up their results.
 */
public final class SlurmUnitExecutor implements UnitExecutor, AutoCloseable {
    private static final String JOBS_KEY = "jobs";
    private static final long POLL_MS = 20;
    private static final long SQUEUE_MS = 1000;
    private static final int LOG_LINES = 5;
    private static final int ENDED_SHOWN = 50;
    /** After a held-back pilot is replaced, the next submission waits this long (its node may still be away). */
    private static final long HELD_BACKOFF_MS = 5000;

    private final Project project;
    private final SlurmSettings settings;
    private final SlurmCommands slurm;
    private final QueueFolder folder;
    private final String version;
    private final List<SlurmStatus.Listener> listeners = new CopyOnWriteArrayList<>();

    /** Pilot jobs in flight, recorded in the project: job id (A_T) -> its last known state. */
    private final Map<String, SlurmStatus.Job> jobs = new LinkedHashMap<>();
    /** Placements of a unit (by key) whose pilot was lost; recorded in the project. */
    private final Map<String, Integer> attempts = new HashMap<>();
    private final List<SlurmStatus.Job> ended = new ArrayList<>();
    private final Map<String, SlurmStatus.Unit> rows = new LinkedHashMap<>();
    private final Map<String, Long> submittedAt = new HashMap<>();
    private final Map<String, Long> firstUnitAt = new HashMap<>();
    private int unitsDone;
    private double nodeSeconds;
    private double simulationSeconds;
    private long submitNotBefore;
    private volatile boolean cancelRequested;
    private int submissions;
    private int barren;
    private String message = "";
    private long lastPublish;

    /** Where the product is, the controller's version, and Slurm's commands, from the project and this process. */
    public SlurmUnitExecutor(Project project, SlurmSettings settings) {
        this(project, settings, new SlurmCommands(), ProductVersion.current());
    }

    public SlurmUnitExecutor(Project project, SlurmSettings settings, SlurmCommands slurm, String version) {
        this.project = project;
        this.settings = settings;
        this.slurm = slurm;
        this.folder = QueueFolder.of(project.folder());
        this.version = version;
        Records r = records(project);
        for (String id : r.jobs) {
            jobs.put(id, new SlurmStatus.Job(id, "RECORDED", "", "", ""));
        }
        attempts.putAll(r.attempts);
    }

    /** What is recorded in the project: the pilot jobs submitted and not seen ending, and units' placements. */
    private static final class Records {
        List<String> jobs = new ArrayList<>();
        Map<String, Integer> attempts = new HashMap<>();
    }

    private static Records records(Project project) {
        Records r = project.setting(SlurmSettings.SCOPE, JOBS_KEY).map(json -> new Gson().fromJson(json, Records.class))
                .orElseGet(Records::new);
        if (r.jobs == null) {
            r.jobs = new ArrayList<>();
        }
        if (r.attempts == null) {
            r.attempts = new HashMap<>();
        }
        return r;
    }

    private void save() {
        Records r = new Records();
        r.jobs.addAll(jobs.keySet());
        r.attempts.putAll(attempts);
        project.setSetting(SlurmSettings.SCOPE, JOBS_KEY, new Gson().toJson(r));
    }

    /** The pilot jobs recorded in a project (submitted by a controller and not seen ending). */
    public static List<String> recordedJobs(Project project) {
        return List.copyOf(records(project).jobs);
    }

    public void addListener(SlurmStatus.Listener l) {
        listeners.add(l);
    }

    public void removeListener(SlurmStatus.Listener l) {
        listeners.remove(l);
    }

    /**
     * What the backend cost, for benchmarks: units that came back, pilot jobs submitted, the mean time from sbatch to
     * a pilot's first unit (queueing and JVM start), and the seconds units spent on nodes against the simulation's
     * own wall time (the difference: reading the unit, writing the result).
     */
    public record Stats(int units, int submissions, int jobsStarted, double meanJobStartSeconds, double nodeSeconds,
            double simulationSeconds) {
        public double meanUnitHandlingSeconds() {
            return units == 0 ? 0 : (nodeSeconds - simulationSeconds) / units;
        }
    }

    public Stats stats() {
        double start = 0;
        for (Map.Entry<String, Long> e : firstUnitAt.entrySet()) {
            start += (e.getValue() - submittedAt.get(e.getKey())) / 1000.0;
        }
        return new Stats(unitsDone, submissions, firstUnitAt.size(), firstUnitAt.isEmpty() ? 0 : start / firstUnitAt.size(),
                nodeSeconds, simulationSeconds);
    }

    /** sbatch submissions this controller made. */
    public int submissions() {
        return submissions;
    }

    public SlurmStatus status() {
        List<SlurmStatus.Job> all = new ArrayList<>(jobs.values());
        all.addAll(ended);
        return new SlurmStatus(all, new ArrayList<>(rows.values()), message, submissions);
    }

    /** One part of a unit (a branch with its continuations, {@code branches} in all), as a file of the queue folder. */
    private record Task(int unit, int branch, String key, byte[] bytes, int frames, int branches, String label) {
    }

    @Override
    public List<ExpansionResult> runAll(List<ExpansionUnit> units, ClothSimulator simulator, int workers,
            Progress progress, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, units.size());
        cancelRequested = false;
        folder.create();
        folder.setStop(false);
        // a refusal is about the pilots of an earlier run (the product path may have been set right since)
        folder.clearRefusals();
        List<Task> tasks = new ArrayList<>();
        ExpansionResult[][] parts = new ExpansionResult[units.size()][];
        for (int u = 0; u < units.size(); u++) {
            ExpansionUnit unit = units.get(u);
            List<ExpansionUnit> unitParts = unit.parts();
            parts[u] = new ExpansionResult[unitParts.size()];
            for (int b = 0; b < unitParts.size(); b++) {
                byte[] bytes = unitParts.get(b).toBytes();
                tasks.add(new Task(u, b, key(bytes), bytes, unitParts.get(b).frames(), unitParts.get(b).branches().size(),
                        unit.label() + (unitParts.size() > 1 ? " [" + (b + 1) + "/" + unitParts.size() + "]" : "")));
            }
        }
        Set<String> keys = new HashSet<>();
        tasks.forEach(t -> keys.add(t.key()));
        // what an earlier round (or controller) left: results committed since, units no longer wanted
        for (String k : folder.resultKeys()) {
            if (!keys.contains(k)) {
                folder.delete(folder.resultFile(k));
            }
        }
        Map<String, Path> queued = folder.queuedByKey();
        for (Map.Entry<String, Path> e : queued.entrySet()) {
            if (!keys.contains(e.getKey())) {
                folder.delete(e.getValue());
            }
        }
        attempts.keySet().retainAll(keys);
        Map<String, String> running = folder.runningByKey();
        // the longest units first, so that the round's end is not one long unit on one pilot
        List<Task> byLength = new ArrayList<>(tasks);
        byLength.sort(Comparator.comparingInt(Task::frames).reversed());
        rows.clear();
        int found = 0;
        for (int i = 0; i < byLength.size(); i++) {
            Task t = byLength.get(i);
            if (folder.hasResult(t.key()) || queued.containsKey(t.key()) || running.containsKey(t.key())) {
                found++;
            } else {
                folder.enqueue(i, t.key(), t.bytes());
            }
        }
        for (Task t : tasks) {
            rows.put(t.key(), new SlurmStatus.Unit(t.label(), t.key(), "QUEUED", "", "", attempts.getOrDefault(t.key(), 0)
                    + 1, 0));
        }
        message = tasks.size() + " units queued" + (found > 0 ? " (" + found + " found from before)" : "");
        publish(true);

        boolean[] started = new boolean[units.size()];
        ExpansionResult[] out = new ExpansionResult[units.size()];
        int done = 0;
        long lastQueue = 0;
        while (done < units.size()) {
            if (sub.isCanceled() || cancelRequested) {
                // no clean-up: the pilots go on and the next controller picks up what they produce
                throw new OperationCanceledException();
            }
            Map<String, String> refusals = folder.refusals();
            if (!refusals.isEmpty()) {
                String job = refusals.keySet().iterator().next();
                throw new InvalidInputException("Slurm job " + job, "product version", refusals.get(job));
            }
            boolean changed = false;
            for (Task t : tasks) {
                if (parts[t.unit()][t.branch()] == null && folder.hasResult(t.key())) {
                    TaskRecord r = readResult(t);
                    if (r == null) {
                        continue;
                    }
                    parts[t.unit()][t.branch()] = r.result();
                    unitsDone++;
                    nodeSeconds += r.seconds();
                    simulationSeconds += r.result().wallSeconds();
                    if (submittedAt.containsKey(r.job()) && r.startMs() > 0) {
                        firstUnitAt.merge(r.job(), r.startMs(), Math::min);
                    }
                    rows.put(t.key(), new SlurmStatus.Unit(t.label(), t.key(), r.result().failed() ? "FAILED" : "DONE",
                            r.job(), r.node(), attempts.getOrDefault(t.key(), 0) + 1, r.seconds()));
                    barren = 0;
                    changed = true;
                    if (complete(parts[t.unit()])) {
                        ExpansionUnit unit = units.get(t.unit());
                        out[t.unit()] = ExpansionResult.ofParts(unit, List.of(parts[t.unit()]));
                        if (!started[t.unit()]) {
                            started[t.unit()] = true;
                            progress.started(unit);
                        }
                        progress.finished(unit, out[t.unit()]);
                        done++;
                        sub.split(1);
                    }
                }
            }
            Map<String, String> nowRunning = folder.runningByKey();
            for (Task t : tasks) {
                String job = nowRunning.get(t.key());
                SlurmStatus.Unit row = rows.get(t.key());
                if (job != null && parts[t.unit()][t.branch()] == null && !job.equals(row.job())) {
                    SlurmStatus.Job j = jobs.get(job);
                    rows.put(t.key(), new SlurmStatus.Unit(t.label(), t.key(), "RUNNING", job, j == null ? "" : j.node(),
                            row.attempts(), 0));
                    changed = true;
                    if (!started[t.unit()]) {
                        started[t.unit()] = true;
                        progress.started(units.get(t.unit()));
                    }
                }
            }
            long now = System.currentTimeMillis();
            if (done < units.size() && now - lastQueue >= SQUEUE_MS) {
                lastQueue = now;
                changed |= followJobs(tasks, parts);
                int outstanding = 0;
                for (Task t : tasks) {
                    if (parts[t.unit()][t.branch()] == null) {
                        outstanding++;
                    }
                }
                int want = Math.min(settings.maxJobs(), outstanding);
                if (jobs.size() < want && now >= submitNotBefore) {
                    submit(want - jobs.size());
                    changed = true;
                }
            }
            publish(changed);
            if (done < units.size()) {
                try {
                    Thread.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new OperationCanceledException();
                }
            }
        }
        message = "round done: " + units.size() + " units";
        publish(true);
        return List.of(out);
    }

    private static boolean complete(ExpansionResult[] parts) {
        for (ExpansionResult p : parts) {
            if (p == null) {
                return false;
            }
        }
        return true;
    }

    private TaskRecord readResult(Task t) {
        Path file = folder.resultFile(t.key());
        try {
            TaskRecord r = TaskRecord.fromBytes(Files.readAllBytes(file));
            if (r.result().failed() || r.result().frames().size() == t.branches()) {
                return r;
            }
            throw new IOException("a result of " + r.result().frames().size() + " branches for a part of "
                    + t.branches());
        } catch (IOException e) {
            // results are renamed into place whole: this one was written by something else; run the unit again
            folder.delete(file);
            message = "unreadable result " + file + " (" + e.getMessage() + "): queued again";
            folder.enqueue(0, t.key(), t.bytes());
            return null;
        }
    }

    /** squeue for the recorded pilots; those it no longer lists have ended: their units go back or fail. */
    private boolean followJobs(List<Task> tasks, ExpansionResult[][] parts) {
        Map<String, JobState> q;
        try {
            q = slurm.queue();
        } catch (SlurmException e) {
            // slurmctld unreachable for a moment: the pilots and their results do not depend on it
            message = "squeue: " + e.getMessage();
            return true;
        }
        boolean changed = false;
        for (String id : new ArrayList<>(jobs.keySet())) {
            JobState s = q.get(id);
            if (s != null && s.state().equals("PENDING") && heldBack(s.reason())) {
                // a pilot whose launch failed (its node was lost) is requeued by Slurm to start minutes later: a
                // fresh one does the same sooner, so it is cancelled and counted as ended
                try {
                    slurm.cancel(List.of(id));
                } catch (SlurmException e) {
                    message = "scancel " + id + ": " + e.getMessage();
                }
                jobEnded(id, new JobState(id, "REQUEUED_HELD", s.node(), s.elapsed(), s.reason()), tasks, parts);
                submitNotBefore = System.currentTimeMillis() + HELD_BACKOFF_MS;
                changed = true;
                continue;
            }
            if (s != null && s.alive()) {
                SlurmStatus.Job old = jobs.get(id);
                SlurmStatus.Job now = new SlurmStatus.Job(id, s.state(), s.node(), s.elapsed(), s.reason());
                if (!now.equals(old)) {
                    jobs.put(id, now);
                    changed = true;
                }
                continue;
            }
            JobState end = s != null ? s : slurm.ended(id);
            jobEnded(id, end, tasks, parts);
            changed = true;
        }
        // units taken under a job that is no longer in flight: a pilot process that outlived its job (its node was
        // declared dead while it ran on); given back without counting a placement, its result is welcome if it comes
        Map<String, String> taken = folder.runningByKey();
        for (String job : new HashSet<>(taken.values())) {
            if (!jobs.containsKey(job) && !q.containsKey(job)) {
                for (Path p : folder.takenBy(job)) {
                    String key = QueueFolder.keyOf(p.getFileName().toString());
                    if (folder.hasResult(key)) {
                        folder.delete(p);
                    } else {
                        folder.giveBack(p);
                        message = "unit " + key + " taken by " + job + ", which Slurm no longer runs: queued again";
                        changed = true;
                    }
                }
            }
        }
        return changed;
    }

    /** Reasons Slurm gives a pending job it will not start soon by itself (a requeued launch failure, a hold). */
    private static boolean heldBack(String reason) {
        return reason.equals("BeginTime") || reason.startsWith("launch failed") || reason.startsWith("JobHeld")
                || reason.equals("job_requeued_in_held_state");
    }

    private void jobEnded(String id, JobState end, List<Task> tasks, ExpansionResult[][] parts) {
        Map<String, Task> byKey = new HashMap<>();
        tasks.forEach(t -> byKey.put(t.key(), t));
        List<Path> taken = folder.takenBy(id);
        String tail = folder.logTail(id, LOG_LINES);
        String how = "Slurm job " + id + " ended " + end.state() + (end.node().isEmpty() ? "" : " on " + end.node())
                + (end.reason().isEmpty() ? "" : " (" + end.reason() + ")");
        for (Path p : taken) {
            String key = QueueFolder.keyOf(p.getFileName().toString());
            if (folder.hasResult(key)) {
                folder.delete(p); // it finished the unit before it went
                continue;
            }
            int n = attempts.merge(key, 1, Integer::sum);
            Task t = byKey.get(key);
            if (t == null) {
                folder.delete(p); // a unit of an earlier round
            } else if (n >= settings.maxAttempts()) {
                String reason = how + " running this unit, attempt " + n + " of " + settings.maxAttempts()
                        + (tail.isEmpty() ? "" : "; log " + folder.logFile(id) + ": " + tail);
                ExpansionResult failed = ExpansionResult.failure(-1, reason, 0, 0);
                QueueFolder.writeAtomically(folder.resultFile(key),
                        new TaskRecord(id, end.node(), 0, 0, failed).toBytes());
                folder.delete(p);
                rows.put(key, new SlurmStatus.Unit(t.label(), key, "QUARANTINED", id, end.node(), n, 0));
                message = t.label() + ": " + reason;
            } else {
                folder.giveBack(p);
                rows.put(key, new SlurmStatus.Unit(t.label(), key, "QUEUED", "", "", n + 1, 0));
                message = t.label() + " queued again: " + how + " (attempt " + n + " of " + settings.maxAttempts()
                        + ")";
            }
        }
        folder.forget(id);
        jobs.remove(id);
        boolean bad = !end.state().startsWith("COMPLETED");
        if (bad) {
            ended.add(0, new SlurmStatus.Job(id, end.state(), end.node(), end.elapsed(), end.reason()
                    + (tail.isEmpty() ? "" : (end.reason().isEmpty() ? "" : "; ") + tail)));
            while (ended.size() > ENDED_SHOWN) {
                ended.remove(ended.size() - 1);
            }
            // pilots that fail by themselves without serving anything point at the setup (a wrong product path), not
            // at the cluster losing them (cancelled, timed out, node failure, a held requeue)
            if (taken.isEmpty() && end.state().startsWith("FAILED")
                    && ++barren > settings.maxAttempts() * Math.max(1, settings.maxJobs())) {
                save();
                throw new SlurmException("pilot jobs end without serving a unit: " + how
                        + (tail.isEmpty() ? "" : "; log " + folder.logFile(id) + ": " + tail));
            }
        }
        save();
    }

    private void submit(int count) {
        Path script = folder.root().resolve("pilot.sh");
        Path launcher = productFolder().resolve("clothgraph");
        String body = "#!/bin/sh\n# written by ClothGraph: a pilot job serving this project's units of work\n"
                + "exec " + quote(launcher.toString()) + " worker --serve " + quote(folder.root().toString())
                + " --expect-version " + quote(version) + " --idle-seconds " + settings.idleSeconds() + "\n";
        QueueFolder.writeAtomically(script, body.getBytes(StandardCharsets.UTF_8));
        script.toFile().setExecutable(true);
        List<String> options = new ArrayList<>();
        if (!settings.partition().isEmpty()) {
            options.add("--partition=" + settings.partition());
        }
        if (!settings.account().isEmpty()) {
            options.add("--account=" + settings.account());
        }
        if (!settings.timeLimit().isEmpty()) {
            options.add("--time=" + settings.timeLimit());
        }
        options.add("--cpus-per-task=" + settings.cpusPerTask());
        options.add("--mem=" + settings.memoryMb() + "M");
        options.addAll(settings.extraArgList());
        String array = slurm.submitArray(count, options, folder.logs().resolve("%A_%a.out"), folder.root(), script);
        submissions++;
        long now = System.currentTimeMillis();
        for (int i = 0; i < count; i++) {
            String id = array + "_" + i;
            submittedAt.put(id, now);
            jobs.put(id, new SlurmStatus.Job(id, "PENDING", "", "", "submitted"));
        }
        save();
        message = "submitted " + count + " pilot job(s): array " + array;
    }

    private Path productFolder() {
        if (!settings.productPath().isEmpty()) {
            return Path.of(settings.productPath());
        }
        String home = System.getProperty("eclipse.home.location");
        if (home != null) {
            try {
                return Path.of(new URI(home));
            } catch (URISyntaxException | IllegalArgumentException e) {
                // fall through
            }
        }
        throw new InvalidInputException("slurm settings", "productPath",
                "the ClothGraph product's folder on the nodes is not set and this process is not a product");
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static String key(byte[] bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < 16; i++) {
                b.append(String.format(Locale.ROOT, "%02x", d[i]));
            }
            return b.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void publish(boolean changed) {
        long now = System.currentTimeMillis();
        if (!changed && now - lastPublish < 1000 || listeners.isEmpty()) {
            return;
        }
        lastPublish = now;
        SlurmStatus s = status();
        for (SlurmStatus.Listener l : listeners) {
            l.status(s);
        }
    }

    /**
     * Cancels every pilot job recorded in the project ({@code scancel}) and empties the queue: the round in flight
     * (if any) stops as if cancelled, nothing it had not committed is kept. Safe from any thread.
     */
    public void cancelAll() {
        cancelRequested = true;
        cancelAll(project, slurm);
    }

    /** {@link #cancelAll()} for a project without a controller running. */
    public static int cancelAll(Project project, SlurmCommands slurm) {
        QueueFolder folder = QueueFolder.of(project.folder());
        List<String> ids = recordedJobs(project);
        if (Files.isDirectory(folder.root())) {
            folder.setStop(true);
            folder.queued().forEach(folder::delete);
        }
        slurm.cancel(ids);
        return ids.size();
    }

    /**
     * Tells the pilots to exit once their unit in flight is done (they also exit by themselves when idle); pending
     * ones are cancelled, since they would only start to exit.
     */
    @Override
    public void close() {
        if (!Files.isDirectory(folder.root())) {
            return;
        }
        folder.setStop(true);
        List<String> pending = new ArrayList<>();
        for (SlurmStatus.Job j : jobs.values()) {
            if (j.state().equals("PENDING")) {
                pending.add(j.id());
            }
        }
        try {
            slurm.cancel(pending);
        } catch (SlurmException e) {
            // they start, see the stop file and exit
        }
    }
}
