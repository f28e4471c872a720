package org.clothgraph.explore.ui.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Consumer;

import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExplorationStats;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.ExplorationStatus;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ExplorationLogEntry;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;

/**
 * Reads what the view shows in a background job, never on the UI thread (an exploration holds the project lock
 * while it commits). Requests coalesce: one read runs at a time, and requests made meanwhile cause one more.
 */
final class ExplorationLoader {
    /** Rows of the queue table: the worst queued dead ends (the queue can hold thousands). */
    static final int QUEUE_ROWS = 200;
    private static final long DELAY_MILLIS = 150;

    private final Consumer<ExplorationData> sink;
    private final PrimarySnapshots snapshots;
    private final Job job;
    private volatile Project requested;

    /** @param sink receives every result, on the loader's thread */
    ExplorationLoader(PrimarySnapshots snapshots, Consumer<ExplorationData> sink) {
        this.snapshots = snapshots;
        this.sink = sink;
        this.job = Job.create("Reading the exploration state", m -> {
            load();
            return Status.OK_STATUS;
        });
        job.setSystem(true);
    }

    /** Reads the project again soon. */
    void request(Project project) {
        requested = project;
        job.schedule(DELAY_MILLIS);
    }

    void cancel() {
        job.cancel();
    }

    /** Waits for a pending read (tests). */
    boolean idle() {
        return job.getState() == Job.NONE;
    }

    private void load() {
        Project project = requested;
        if (project == null) {
            sink.accept(new ExplorationData(null, List.of(), null, List.of(), List.of(), "", false, null));
            return;
        }
        try {
            PrimaryGraphSnapshot snapshot = snapshots.get(project);
            ExplorationSettings settings = ExplorationSettings.of(project);
            sink.accept(new ExplorationData(project, rows(project, snapshot), stored(project), project.garments(),
                    project.clips(), Explorer.startClipName(settings, snapshot), Explorer.begun(project), null));
        } catch (RuntimeException e) {
            // a project closed under the read, or one that cannot be read: say so instead of showing stale data
            sink.accept(new ExplorationData(project, List.of(), null, List.of(), List.of(), "", true,
                    String.valueOf(e.getMessage())));
        }
    }

    private static List<QueueRow> rows(Project project, PrimaryGraphSnapshot snapshot) {
        List<MergeRecord> merges = new ArrayList<>(project.secondary().worstQueued(QUEUE_ROWS));
        if (ExplorationStats.of(project).quarantined() > 0) {
            project.secondary().merges().stream().filter(MergeRecord::quarantined)
                    .sorted(Comparator.comparingDouble(MergeRecord::error).reversed()).forEach(merges::add);
        }
        List<QueueRow> rows = new ArrayList<>();
        for (MergeRecord m : merges) {
            long stateId = m.deadEndState() > 0 ? m.deadEndState()
                    : project.secondary().transition(m.transitionId()).to();
            ClothStateRecord state = project.secondary().state(stateId);
            PrimaryNode node = snapshot.node(state.primaryNode());
            ClipInfo clip = node == null ? null : snapshot.clip(node.clipId());
            rows.add(new QueueRow(m, state.primaryNode(), clip == null ? "(node " + state.primaryNode() + ")"
                    : clip.name(), node == null ? -1 : node.frame()));
        }
        return rows;
    }

    /** The status as stored: counters from the project, times and the error history from the exploration log. */
    static ExplorationStatus stored(Project project) {
        ExplorationStats s = ExplorationStats.of(project);
        List<ExplorationLogEntry> log = project.secondary().log();
        List<double[]> history = new ArrayList<>();
        for (ExplorationLogEntry e : log) {
            history.add(new double[] { e.simulatedFrames(), e.worstError() * 1000 });
        }
        ExplorationLogEntry last = log.isEmpty() ? null : log.get(log.size() - 1);
        long frames = last == null ? 0 : last.simulatedFrames();
        double wall = last == null ? 0 : last.wallSeconds();
        String message = last == null ? "not explored yet: Start initialises the secondary graph"
                : "explored " + Formats.count(frames) + " frames in " + log.size() + " logged rounds";
        return new ExplorationStatus("STOPPED", message, last == null ? 0 : last.round(), frames, s.liveStates(),
                s.queue(), s.quarantined(), s.worstError() * 1000, s.medianError() * 1000, s.crossClassMerges(),
                wall > 0 ? frames / wall : 0, last == null ? 0 : last.cpuSeconds(),
                last == null ? 0 : last.bookkeepingSeconds(), wall, List.of(), history,
                new LinkedHashMap<>(project.secondary().liveStatesByClass()));
    }
}
