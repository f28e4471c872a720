package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.clothgraph.cloth.DressingRun;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.HandGrip;
import org.clothgraph.sim.SimulationWorkUnit;
import org.clothgraph.sim.XpbdClothSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dressing clip's grips travel with the unit of work and are applied to the cloth state it starts from: on the
 * small demo, one clip gets a dressing record (the right hand grips the robe vertices nearest its palm for 8 frames
 * and releases them); a unit along that clip then carries the grip, the gripped vertices keep their place in the
 * hand's frame within 1 mm (without the grip they do not), and a unit restarted inside the grip's span from a stored
 * state, read back from its bytes as a worker does, gives the continuation's frames bit for bit.
 */
class DressingGripsTest {
    private static final int FRAMES = 12;
    private static final int GRIP = 2;
    private static final int RELEASE = 10;

    @TempDir
    Path dir;

    @Test
    void aDressingClipsGripIsAppliedInAUnitAndARestartInsideItEqualsContinuation() throws Exception {
        try (Project p = SmallDemo.build(dir.resolve("g")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            PrimaryGraphSnapshot snap = PrimaryGraphSnapshot.of(p);
            Explorer plain = SmallDemo.explorer(p, 1, new XpbdClothSimulator(), exec);
            Horizon h = plain.horizon();
            List<PrimaryEdge> edges = SmallDemo.clipRun(snap, h, FRAMES);
            long n0 = edges.get(0).from();
            PrimaryNode first = snap.node(n0);
            String clip = snap.clip(first.clipId()).name();
            List<PrimaryNode> path = new ArrayList<>();
            path.add(first);
            for (PrimaryEdge e : edges) {
                path.add(snap.node(e.to()));
            }
            Motion played = PrimaryPath.along(snap, path, h.window()).motion();
            ClothState start = plain.drapeAt(n0);

            ExpansionUnit without = plain.unitFor(n0, start, List.of(edges));
            assertTrue(without.branches().get(0).grips().isEmpty(), "no dressing clip, no grip");
            ExpansionResult free = UnitRunner.run(without, new XpbdClothSimulator(), null);
            assertFalse(free.failed(), () -> free.failure());

            // the patch: the 12 robe vertices nearest the right palm where the grip happens
            int wrist = played.skeleton().indexOf("RightHand");
            Vec3 palm = played.worldPositions(GRIP)[wrist].add(played.worldRotations(GRIP)[wrist]
                    .rotate(played.skeleton().joint(wrist).endSite().scale(0.3)));
            float[] x = world(without, free, GRIP).positions();
            Integer[] order = new Integer[x.length / 3];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingDouble(i -> new Vec3(x[3 * i], x[3 * i + 1], x[3 * i + 2]).distance(palm)));
            int[] patch = new int[12];
            StringBuilder vs = new StringBuilder();
            for (int k = 0; k < patch.length; k++) {
                patch[k] = order[k];
                vs.append(k == 0 ? "" : ",").append(patch[k]);
            }
            int g = first.frame() + GRIP, r = first.frame() + RELEASE;
            p.setSetting(DressingRun.SCOPE, "clip:" + clip, """
                    {"queue": {"actions": [
                      {"type": "grip", "hand": "right", "feature": "hood rim", "at": "top", "reach": 0.3},
                      {"type": "release", "hand": "right"}]},
                     "events": [
                      {"frame": %d, "hand": "right", "kind": "grip", "vertices": [%s]},
                      {"frame": %d, "hand": "right", "kind": "release", "vertices": []}]}""".formatted(g, vs, r));

            Explorer dressing = SmallDemo.explorer(p, 1, new XpbdClothSimulator(), exec);
            ExpansionUnit with = dressing.unitFor(n0, start, List.of(edges));
            List<HandGrip> grips = with.branches().get(0).grips();
            assertEquals(1, grips.size(), grips.toString());
            assertEquals(GRIP, grips.get(0).first());
            assertEquals(RELEASE, grips.get(0).last());
            ExpansionResult held = UnitRunner.run(ExpansionUnit.fromBytes(with.toBytes()), new XpbdClothSimulator(), null);
            assertFalse(held.failed(), () -> held.failure());

            double drift = drift(with, held, played, wrist, patch);
            double freeDrift = drift(without, free, played, wrist, patch);
            System.out.printf("GRIP: %d vertices held over frames %d..%d of %s: %.4f mm in the hand's frame"
                    + " (%.1f mm without the grip)%n", patch.length, g, r, clip, drift * 1000, freeDrift * 1000);
            assertTrue(drift < 1e-3, "gripped vertices drifted " + drift + " m in the hand's frame");
            assertTrue(freeDrift > 1e-3, "without the grip they moved only " + freeDrift + " m in the hand's frame");

            // restart inside the span from the stored state, through the unit's bytes
            List<ClothState> continuous = held.frames().get(0);
            int k = (GRIP + RELEASE) / 2;
            ExpansionUnit.Branch b = with.branches().get(0);
            SimulationWorkUnit s = b.sim();
            SimulationWorkUnit rest = new SimulationWorkUnit(s.mesh(), s.material(), s.settings(),
                    s.motion().from(k * s.settings().substeps()), 0, continuous.get(k - 1), s.fps(), s.frames() - k);
            List<HandGrip> tailGrips = List.of(b.grips().get(0).from(k));
            assertEquals(0, tailGrips.get(0).first(), "the restarted unit starts mid-grip");
            ExpansionUnit.Branch tail = new ExpansionUnit.Branch(rest, Arrays.copyOfRange(b.nodes(), k, b.nodes().length),
                    new long[0], Arrays.copyOfRange(b.roots(), 3 * k, b.roots().length), tailGrips);
            ExpansionResult again = UnitRunner.run(ExpansionUnit.fromBytes(new ExpansionUnit(1, "restart", with.classify(),
                    List.of(tail)).toBytes()), new XpbdClothSimulator(), null);
            List<ClothState> resumed = again.frames().get(0);
            assertEquals(continuous.size() - k, resumed.size());
            for (int i = 0; i < resumed.size(); i++) {
                assertTrue(Arrays.equals(continuous.get(k + i).positions(), resumed.get(i).positions()),
                        "positions differ at frame " + (k + i + 1));
                assertTrue(Arrays.equals(continuous.get(k + i).velocities(), resumed.get(i).velocities()),
                        "velocities differ at frame " + (k + i + 1));
            }
        }
    }

    /** Output frame n of a unit's only branch, in the world of its played motion (frame 0: the start). */
    private static ClothState world(ExpansionUnit u, ExpansionResult r, int n) {
        ExpansionUnit.Branch b = u.branches().get(0);
        ClothState local = n == 0 ? b.start() : r.frames().get(0).get(n - 1);
        return b.root(n).toWorld(local);
    }

    /** The largest move of the patch in the wrist's frame from the grip to the release (m). */
    private static double drift(ExpansionUnit u, ExpansionResult r, Motion played, int wrist, int[] patch) {
        Vec3[] at = null;
        double worst = 0;
        for (int n = GRIP; n <= RELEASE; n++) {
            float[] x = world(u, r, n).positions();
            Vec3 wp = played.worldPositions(n)[wrist];
            Quat inv = played.worldRotations(n)[wrist].conj();
            Vec3[] local = new Vec3[patch.length];
            for (int k = 0; k < patch.length; k++) {
                int o = 3 * patch[k];
                local[k] = inv.rotate(new Vec3(x[o], x[o + 1], x[o + 2]).sub(wp));
            }
            if (at == null) {
                at = local;
            }
            for (int k = 0; k < patch.length; k++) {
                worst = Math.max(worst, local[k].distance(at[k]));
            }
        }
        return worst;
    }
}
