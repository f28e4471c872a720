package org.clothgraph.motion.graph;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.demo.DemoMotions;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/** Times a motion-graph build on demo clips repeated/trimmed to a given frame count (CLI: bench motiongraph). */
public final class MotionGraphBenchmark {
    /** Timing numbers in milliseconds. */
    public record Result(int frames, int clips, int transitions, boolean stronglyConnected, long generateMillis,
            long buildMillis, MotionGraph.Stats stats) {
        @Override
        public String toString() {
            return String.format("motion graph: %d frames in %d clips, %d transitions, strongly connected %b; generate %d ms, build %d ms "
                    + "(point clouds %d, distances %d, minima %d, blend+prune %d)", frames, clips, transitions, stronglyConnected,
                    generateMillis, buildMillis, stats.pointCloudMillis(), stats.distanceMillis(), stats.minimaMillis(),
                    stats.blendAndPruneMillis());
        }
    }

    private MotionGraphBenchmark() {}

    public static Result run(int frames, IProgressMonitor monitor) {
        if (frames < 20) throw new IllegalArgumentException("frames must be at least 20");
        SubMonitor sub = SubMonitor.convert(monitor, "Motion graph benchmark", 100);
        long t0 = System.nanoTime();
        List<Motion> demo = DemoMotions.all();
        List<Motion> clips = new ArrayList<>();
        int left = frames;
        for (int i = 0; left > 0; i++) {
            Motion m = demo.get(i % demo.size());
            int take = Math.min(left, m.frameCount());
            if (take < 20 && !clips.isEmpty()) {
                // avoid a sliver clip: lengthen the previous one instead is not possible, so take it anyway
                take = left;
            }
            String name = m.name() + "#" + (i / demo.size());
            clips.add(take == m.frameCount() ? m.withName(name) : m.sub(0, Math.min(take, m.frameCount()), name));
            left -= Math.min(take, m.frameCount());
        }
        long t1 = System.nanoTime();
        sub.split(5);
        MotionGraph g = MotionGraphBuilder.build(clips, MotionGraphBuilder.Options.DEFAULT, sub.split(95));
        long t2 = System.nanoTime();
        return new Result(frames, clips.size(), g.transitions().size(), g.isStronglyConnected(), (t1 - t0) / 1_000_000,
                (t2 - t1) / 1_000_000, g.stats());
    }
}
