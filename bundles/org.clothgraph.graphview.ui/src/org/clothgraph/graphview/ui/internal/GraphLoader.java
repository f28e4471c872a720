package org.clothgraph.graphview.ui.internal;

import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.clothgraph.explore.ExploredPath;
import org.clothgraph.graphview.LayoutCache;
import org.clothgraph.graphview.SecondaryGraphLayout;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.clothgraph.graphview.StateEmbedding;
import org.clothgraph.graphview.ui.GraphViewUi;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.PrimaryLaneLayout;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;

/**
 * Reads and lays out the graph in the background ({@link GraphViewUi#LAYOUT_FAMILY} jobs, never on the UI thread):
 * the layout cached in the project when it still holds exactly the graph's states; otherwise the states the cache
 * knows where they were and new ones at their primary node's mean (delivered at once, provisional), then the
 * embedding and layout recomputed and cached. Requests while a job runs are coalesced into one more run after it.
 */
final class GraphLoader {
    /** How long after a change the next layout starts, so that a run of commits is laid out once. */
    static final long COALESCE_MILLIS = 1500;
    private final Consumer<GraphData> sink;
    private Project project;
    private OperationJob<Void> running;
    private boolean again;

    /** @param sink receives each result on the job's thread */
    GraphLoader(Consumer<GraphData> sink) {
        this.sink = sink;
    }

    synchronized void request(Project p, long delayMillis) {
        if (p != project && running != null) {
            running.cancel();
        }
        project = p;
        if (running != null) {
            again = true;
            return;
        }
        start(delayMillis);
    }

    private void start(long delay) {
        Project p = project;
        if (p == null) {
            sink.accept(GraphData.nothing(null, "No project open."));
            return;
        }
        OperationJob<Void> job = new OperationJob<>("Laying out the secondary graph", GraphViewUi.LAYOUT_FAMILY,
                m -> {
                    load(p, m);
                    return null;
                });
        job.setUser(false);
        job.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                synchronized (GraphLoader.this) {
                    running = null;
                    if (again) {
                        again = false;
                        start(COALESCE_MILLIS);
                    }
                }
            }
        });
        running = job;
        job.schedule(delay);
    }

    synchronized void cancel() {
        project = null;
        again = false;
        if (running != null) {
            running.cancel();
        }
    }

    private void load(Project p, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Laying out the secondary graph", 100);
        GarmentInfo garment;
        try {
            garment = ExploredPath.exploredGarment(p);
        } catch (InvalidInputException e) {
            sink.accept(GraphData.nothing(p, "Nothing explored yet: run exploration (Exploration view) first."));
            return;
        }
        SecondaryGraphSnapshot graph = SecondaryGraphSnapshot.of(p, garment);
        sub.worked(5);
        Optional<SecondaryGraphLayout> cached = LayoutCache.load(p, garment, graph);
        if (cached.isPresent()) {
            sink.accept(new GraphData(p, garment, graph, cached.get(), false, true, 0,
                    cached.get().neighbourClassShare(graph, "hood", 10), null));
            return;
        }
        long t0 = System.nanoTime();
        PrimaryLaneLayout lanes = PrimaryLaneLayout.of(PrimaryGraphSnapshot.of(p));
        Map<Long, float[]> known = LayoutCache.positions(p, garment);
        SecondaryGraphLayout atNodes = SecondaryGraphLayout.atNodes(graph, lanes);
        sink.accept(new GraphData(p, garment, graph, known.isEmpty() ? atNodes
                : LayoutCache.provisional(known, graph, atNodes), true, false, 0, Double.NaN, null));
        StateEmbedding embedding = StateEmbedding.compute(graph, StateEmbedding.frames(p, garment.vertexCount()),
                sub.split(90));
        SecondaryGraphLayout layout = SecondaryGraphLayout.of(graph, lanes, embedding);
        double seconds = (System.nanoTime() - t0) / 1e9;
        LayoutCache.store(p, garment, graph, layout);
        sink.accept(new GraphData(p, garment, graph, layout, false, false, seconds,
                layout.neighbourClassShare(graph, "hood", 10), null));
    }
}
