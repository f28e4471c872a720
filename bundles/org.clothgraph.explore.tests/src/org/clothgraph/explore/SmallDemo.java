package org.clothgraph.explore;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.ClothFrame;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.XpbdClothSimulator;

/** A small demo project (40-frame clips, a 700-vertex robe) and helpers to explore and compare it. */
final class SmallDemo {
    private SmallDemo() {
    }

    static Project build(Path folder) {
        return DemoPipeline.run(folder, DemoPipeline.Options.small(0), null);
    }

    static GarmentInfo robe(Project p) {
        return ProjectGarments.find(p, ProjectGarments.ROBE);
    }

    static Explorer explorer(Project p, int workers, ClothSimulator sim, ThreadUnitExecutor executor) {
        return new Explorer(p, robe(p), sim, ExplorationSettings.defaults().withWorkers(workers), executor);
    }

    static Explorer.Report explore(Project p, int workers, long frames) {
        try (ThreadUnitExecutor executor = new ThreadUnitExecutor()) {
            return explorer(p, workers, new XpbdClothSimulator(), executor).run(Explorer.Limits.frames(frames), null);
        }
    }

    /** The whole secondary graph as text, frames by content digest: equal text = same graph, same frames. */
    static String fingerprint(Project p) {
        StringBuilder b = new StringBuilder();
        for (ClothStateRecord s : p.secondary().states()) {
            b.append("S ").append(s.id()).append(' ').append(s.primaryNode()).append(' ').append(s.classes()).append(' ')
                    .append(s.status()).append(' ').append(s.round()).append(' ').append(digest(p, s.frameId())).append('\n');
        }
        for (ClothTransition t : p.secondary().transitions()) {
            b.append("T ").append(t.from()).append(' ').append(t.to()).append(' ').append(t.primaryEdge()).append(' ')
                    .append(t.merged());
            for (long f : t.innerFrames()) {
                b.append(' ').append(digest(p, f));
            }
            b.append('\n');
        }
        for (MergeRecord m : p.secondary().merges()) {
            b.append("M ").append(m.transitionId()).append(' ').append(m.deadEndState()).append(' ')
                    .append(Double.doubleToLongBits(m.error())).append(' ').append(Double.doubleToLongBits(m.plainError()))
                    .append(' ').append(m.crossClass()).append(' ').append(m.queued()).append('\n');
        }
        return b.toString();
    }

    static String digest(Project p, long frameId) {
        ClothFrame f = p.frames().read(frameId);
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (float x : f.positions()) {
                int bits = Float.floatToRawIntBits(x);
                md.update(new byte[] { (byte) bits, (byte) (bits >> 8), (byte) (bits >> 16), (byte) (bits >> 24) });
            }
            for (float x : f.velocities()) {
                int bits = Float.floatToRawIntBits(x);
                md.update(new byte[] { (byte) bits, (byte) (bits >> 8), (byte) (bits >> 16), (byte) (bits >> 24) });
            }
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
