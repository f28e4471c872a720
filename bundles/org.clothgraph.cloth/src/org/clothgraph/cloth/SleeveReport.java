package org.clothgraph.cloth;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Future;

import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.cloth.dressing.ArmCrossings;
import org.clothgraph.cloth.dressing.DressingAction;
import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.cloth.dressing.DressingController;
import org.clothgraph.cloth.dressing.OneShoulderStart;
import org.clothgraph.measure.SleeveCheck;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.garment.Garments;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The "arm into sleeve" measurement (issue 14, acceptance 2): the open-front robe generated at a resolution on the
 * character, {@code starts} perturbed starts hanging off the free arm's shoulder ({@link OneShoulderStart}, drawing
 * {@link OneShoulderStart.Variation#of(int) variation k} for k = 0, 1, ...; one whose free arm is not out of its sleeve
 * or passes through the cloth is rejected and the next drawn), the queue run from each (nothing stored), and per
 * start the independent {@link SleeveCheck} of the free arm at the start (it must be out of the sleeve) and at the end
 * (in it: the hand past the cuff's plane, the upper arm's and forearm's midpoints inside the sleeve), with the arm's
 * crossings through the cloth ({@link ArmCrossings}): a start succeeds when the arm is out of the sleeve with no bone
 * through the cloth at the start and in the sleeve with no bone through the cloth at the end (an arm that went in
 * through the sleeve's wall, which the first solver lets happen, is not through the opening).
 */
public final class SleeveReport {
    private SleeveReport() {
    }

    /** One start's outcome; {@code failure} is the solver's reason when the simulation gave up (then not a success). */
    public record Row(int start, String variation, boolean outAtStart, int armCrossingsAtStart,
            SleeveCheck.Result end, int armCrossingsAtEnd, boolean inSleeve, int gripsMissed, int maxArmCrossings,
            int framesWithArmCrossings, double seconds, String failure) {
    }

    /**
     * The starts run ({@code rows}) and the variations rejected as starts (their free arm not out of its sleeve or
     * through the cloth when the start was made; nothing was run from them).
     */
    public record Report(String garment, int vertices, Hand hand, double fps, List<Row> rows, List<Row> rejected) {
        public long succeeded() {
            return rows.stream().filter(Row::inSleeve).count();
        }

        /** Starts where the sleeve check alone passes at the end (from a start out of the sleeve), crossings or not. */
        public long inSleeveBySleeveCheckAlone() {
            return rows.stream().filter(r -> r.outAtStart() && r.end() != null && r.end().inSleeve()).count();
        }
    }

    /**
     * @param vertices the robe's target vertex count (its resolution)
     * @param hand the free arm, the one the queue puts into its sleeve
     * @param workers starts made and run at once, each on its own thread; the report is the same for every count (the
     *        variations are taken in turn and only as many are run as the sequential drawing would)
     */
    public static Report run(Skeleton skeleton, int vertices, ActionQueue queue, String queueSource,
            SimulationSettings settings, Hand hand, int starts, double fps, int workers, IProgressMonitor monitor) {
        CharacterBody character = CharacterBody.of(skeleton);
        ClothMesh mesh = Garments.openFrontRobe(character.bindPose(), vertices);
        Material material = Material.defaults();
        String side = hand == Hand.LEFT ? "left" : "right";
        new DressingController(mesh, material, settings, character, null, queueSource).validate(queue);
        if (queue.actions().stream().noneMatch(a -> a instanceof DressingAction.Align al && al.hand() == hand)) {
            throw new InvalidInputException(queueSource, "actions", "the queue never aligns the " + side
                    + " hand: nothing puts the free arm into its sleeve");
        }
        SubMonitor sub = SubMonitor.convert(monitor, "Arm into sleeve", 10 + 100 * starts);
        ClothState drape;
        try {
            drape = OneShoulderStart.drape(mesh, material, settings, character, fps, sub.split(10));
        } catch (SimulationFailedException e) {
            throw new IllegalStateException("the open-front robe's drape failed: " + e.getMessage(), e);
        }
        List<Row> rows = new ArrayList<>();
        List<Row> rejected = new ArrayList<>();
        // variations are drawn in turn; a start whose free arm is not out of its sleeve, or passes through the cloth,
        // is not a start of this task: it is listed as rejected and the next variation drawn (at most 3 per start).
        // K at a time: a variation is begun only while the rows so far and those under way fall short of the starts,
        // and the rows are read in the order of the variations, so K workers run exactly what one would.
        try (ParallelStarts parallel = new ParallelStarts("arm into sleeve", Math.min(workers, starts))) {
            Deque<Future<Row>> underWay = new ArrayDeque<>();
            int next = 0;
            while (rows.size() < starts) {
                while (underWay.size() < Math.max(1, workers) && next < 3 * starts
                        && rows.size() + underWay.size() < starts) {
                    int k = next++;
                    underWay.add(parallel.submit(() -> one(k, mesh, material, settings, skeleton, hand, queue,
                            queueSource, drape, fps, parallel.startMonitor())));
                }
                if (underWay.isEmpty()) {
                    break;
                }
                Row r = parallel.await(underWay.removeFirst(), sub);
                if (r.failure() == null && (!r.outAtStart() || r.armCrossingsAtStart() > 0)) {
                    rejected.add(r);
                } else {
                    rows.add(r);
                    sub.worked(100);
                }
            }
        }
        return new Report(mesh.name(), mesh.vertexCount(), hand, fps, rows, rejected);
    }

    /** Variation k made and run on this thread (its own character, controller and checks). */
    private static Row one(int k, ClothMesh mesh, Material material, SimulationSettings settings, Skeleton skeleton,
            Hand hand, ActionQueue queue, String queueSource, ClothState drape, double fps, IProgressMonitor monitor) {
        CharacterBody character = CharacterBody.of(skeleton);
        DressingController controller = new DressingController(mesh, material, settings, character, null,
                queueSource);
        SleeveCheck check = SleeveCheck.of(mesh, hand == Hand.LEFT ? "left" : "right");
        ArmCrossings crossings = new ArmCrossings(skeleton, hand, mesh.triangles());
        SubMonitor sub = SubMonitor.convert(monitor, 100);
        OneShoulderStart.Variation v = OneShoulderStart.Variation.of(k);
        long t0 = System.nanoTime();
        OneShoulderStart.Start s;
        try {
            s = OneShoulderStart.make(mesh, material, settings, character, fps, hand, v, drape, sub.split(30));
        } catch (SimulationFailedException e) {
            return new Row(k, v.describe(), false, 0, null, 0, false, 0, 0, 0, (System.nanoTime() - t0) / 1e9,
                    "start: " + e.getMessage());
        }
        SleeveCheck.Result atStart = measure(check, s.state().positions(), s.motion(), s.frame(), hand);
        boolean out = !atStart.upperArmInside() && !atStart.forearmInside();
        int crossAtStart = crossings.count(s.state().positions(), s.motion(), s.frame());
        if (!out || crossAtStart > 0) {
            return new Row(k, v.describe(), out, crossAtStart, null, 0, false, 0, 0, 0, (System.nanoTime() - t0) / 1e9,
                    null);
        }
        DressingController.Result r;
        try {
            r = controller.run(s.motion(), s.frame(), s.state(), queue, fps, sub.split(70));
        } catch (SimulationFailedException e) {
            return new Row(k, v.describe(), out, crossAtStart, null, 0, false, 0, 0, 0, (System.nanoTime() - t0) / 1e9,
                    e.getMessage());
        } catch (OperationCanceledException e) {
            throw e;
        }
        int missed = 0;
        for (DressingController.GripEvent e : r.events()) {
            missed += e.kind().equals("missed") ? 1 : 0;
        }
        int max = 0, with = 0, atEnd = 0;
        for (int f = 1; f < r.frames().size(); f++) {
            int[] held = DressingController.heldAt(r.events(), hand, f);
            atEnd = crossings.count(r.frames().get(f).positions(), r.motion(), f, held);
            max = Math.max(max, atEnd);
            with += atEnd > 0 ? 1 : 0;
        }
        int last = r.frames().size() - 1;
        SleeveCheck.Result end = measure(check, r.frames().get(last).positions(), r.motion(), last, hand);
        // in the sleeve through its opening: out of it at the start, in it at the end, and no bone through its cloth
        boolean in = out && crossAtStart == 0 && end.inSleeve() && atEnd == 0;
        return new Row(k, v.describe(), out, crossAtStart, end, atEnd, in, missed, max, with,
                (System.nanoTime() - t0) / 1e9, null);
    }

    /** The free arm's joints and hand end at a frame, checked against the sleeve. */
    static SleeveCheck.Result measure(SleeveCheck check, float[] cloth, Motion m, int frame, Hand hand) {
        Skeleton s = m.skeleton();
        Vec3[] p = m.worldPositions(frame);
        int wrist = s.indexOf(hand.wristJoint);
        Vec3 end = m.endSitePositions(frame)[wrist];
        // the end of the hand's collision capsule (60 % of the wrist's end site, as CharacterBody makes it)
        Vec3 tip = end == null ? p[wrist] : p[wrist].lerp(end, 0.6);
        return check.check(cloth, xyz(p[s.indexOf(hand.shoulderJoint)]), xyz(p[s.indexOf(hand.elbowJoint)]),
                xyz(p[wrist]), xyz(tip));
    }

    private static double[] xyz(Vec3 v) {
        return new double[] { v.x(), v.y(), v.z() };
    }
}
