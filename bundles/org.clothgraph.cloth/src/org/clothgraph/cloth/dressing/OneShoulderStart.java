package org.clothgraph.cloth.dressing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.CharacterBodyMotion;
import org.clothgraph.cloth.FittingPose;
import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Vec3;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.ClothStepper;
import org.clothgraph.sim.InitialDrape;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The start of "arm into sleeve" (issue 14, acceptance 2): a garment with an armhole group per sleeve (the open-front
 * robe, {@link org.clothgraph.sim.garment.Garments#openFrontRobe}) hanging off one shoulder, one arm in its sleeve and
 * the free arm outside, hanging; made by the simulator, never placed by hand:
 * <ol>
 * <li>the garment is draped on the character in the fitting pose (both arms in their sleeves);</li>
 * <li>slipping off ({@link Variation#slipSeconds}): the free arm's capsules (upper arm, forearm, hand) are taken out of
 * the collision body (parked far below it) while the arm swings down to its start pose, hanging at the side a little
 * out and forward ({@link Variation#handOut}, {@link Variation#handForward}), under the robe; the free side's armhole
 * loop is carried off the shoulder, down and forward, by {@link Variation#pull} (kinematically driven vertices, as a
 * helper's hand would take it) and let go: the robe's side slips off the shoulder and the empty sleeve hangs beside
 * the arm, its armhole open beside the upper arm;</li>
 * <li>the cloth falls free for 0.3 s, then settles with the whole body colliding for {@link Variation#settleSeconds}.
 * </li>
 * </ol>
 * The variations are what makes 20 starts different physically simulated states.
 */
public final class OneShoulderStart {
    /** The parts of the free arm taken out of the collision body while the garment slips off it. */
    static final String[] ARM_PARTS = { "upperarm", "forearm", "hand" };

    /**
     * One start's settings: where the free hand hangs (metres from its shoulder, out and forward, 0.55 m below), the
     * armhole's pull (out, up, forward in the body's frame, m), the seconds of the pull and of the final settle.
     */
    public record Variation(double handOut, double handForward, double[] pull, double slipSeconds,
            double settleSeconds) {
        /**
         * The k-th of a family of starts, reproducible: k = 0 is the middle of every range, the others are drawn
         * uniformly (a SplittableRandom seeded 1000 + k) from hand out 30 +- 20 mm and forward -20 +- 30 mm, pull out 50 +- 30, up -150 +- 30
         * and forward 120 +- 30 mm, slip 0.8 +- 0.2 s and settle 0.9 +- 0.4 s.
         */
        public static Variation of(int k) {
            if (k == 0) {
                return new Variation(0.03, -0.02, new double[] { 0.05, -0.15, 0.12 }, 0.8, 0.9);
            }
            SplittableRandom r = new SplittableRandom(1000L + k);
            return new Variation(0.03 + 0.02 * u(r), -0.02 + 0.03 * u(r),
                    new double[] { 0.05 + 0.03 * u(r), -0.15 + 0.03 * u(r), 0.12 + 0.03 * u(r) }, 0.8 + 0.2 * u(r),
                    0.9 + 0.4 * u(r));
        }

        private static double u(SplittableRandom r) {
            return 2 * r.nextDouble() - 1;
        }

        public String describe() {
            return String.format(Locale.ROOT, "hand out %.0f fwd %.0f mm, pull (%.0f, %.0f, %.0f) mm over %.2f s,"
                    + " settle %.2f s", handOut * 1000, handForward * 1000, pull[0] * 1000, pull[1] * 1000,
                    pull[2] * 1000, slipSeconds, settleSeconds);
        }
    }

    /** A start: the character's motion to here (its last frame is the start pose) and the cloth there. */
    public record Start(Motion motion, ClothState state, Variation variation) {
        public int frame() {
            return motion.frameCount() - 1;
        }
    }

    private OneShoulderStart() {
    }

    /**
     * Makes the start with {@code free} the arm out of its sleeve and the garment off that shoulder.
     *
     * @param drape the garment draped in the fitting pose (step 1; shared by every start of a family), or null to
     *        drape it here
     */
    public static Start make(ClothMesh mesh, Material material, SimulationSettings settings, CharacterBody character,
            double fps, Hand free, Variation v, ClothState drape, IProgressMonitor monitor)
            throws SimulationFailedException {
        String side = free == Hand.LEFT ? "left" : "right";
        int[] armhole = mesh.vertexGroups().get(side + "_armhole");
        if (armhole == null) {
            throw new IllegalArgumentException("garment " + mesh.name() + " has no " + side + "_armhole group (the"
                    + " open-front robe has one)");
        }
        SubMonitor sm = SubMonitor.convert(monitor, "One shoulder start", 100);
        Motion fit = FittingPose.aPose(character.skeleton(), fps);
        if (drape == null) {
            drape = drape(mesh, material, settings, character, fps, sm.split(30));
        }
        sm.setWorkRemaining(70);
        CharacterPose pose = CharacterPose.of(fit, 0);
        List<CharacterPose> poses = new ArrayList<>();
        poses.add(pose.copy());
        // the free arm's start pose: the hand 0.55 m below its shoulder, out and forward
        CharacterPose target = pose.copy();
        ArmIk ik = new ArmIk(target, free);
        Vec3 shoulder = target.worldPositions()[target.skeleton.indexOf(free.shoulderJoint)];
        Vec3[] h = target.heading();
        Vec3 out = DressingController.outward(target, free);
        Vec3 wristGoal = shoulder.add(out.scale(v.handOut())).add(h[0].scale(v.handForward())).add(new Vec3(0, -0.55, 0));
        for (int it = 0; it < 3; it++) {
            ik.solve(target, wristGoal, out);
        }
        int slip = Math.max(1, (int) Math.round(v.slipSeconds() * fps));
        int fall = (int) Math.round(0.3 * fps);
        int settle = Math.max(1, (int) Math.round(v.settleSeconds() * fps));
        SubMonitor loop = sm.split(70).setWorkRemaining(slip + fall + settle);
        int[] arm = { pose.skeleton.indexOf(free.shoulderJoint), pose.skeleton.indexOf(free.elbowJoint) };
        List<Body> armless = new ArrayList<>(), whole = new ArrayList<>();
        armless.add(park(character.pose(pose.asMotion(fps), 0), free));
        whole.add(character.pose(pose.asMotion(fps), 0));
        Vec3 pull = out.scale(v.pull()[0]).add(new Vec3(0, v.pull()[1], 0)).add(h[0].scale(v.pull()[2]));
        float[] x0 = drape.positions();
        try (ClothStepper stepper = new ClothStepper(mesh, material, settings, drape)) {
            int total = slip + fall + settle;
            for (int f = 0; f < total; f++) {
                if (f < slip) {
                    double w = DressingController.smooth((f + 1.0) / slip);
                    for (int j : arm) {
                        pose.local[j] = fit.rotation(0, j).slerp(target.local[j], w);
                    }
                    double[] to = new double[3 * armhole.length];
                    for (int i = 0; i < armhole.length; i++) {
                        int o = 3 * armhole[i];
                        to[3 * i] = x0[o] + w * pull.x();
                        to[3 * i + 1] = x0[o + 1] + w * pull.y();
                        to[3 * i + 2] = x0[o + 2] + w * pull.z();
                    }
                    stepper.drive(armhole, to);
                }
                poses.add(pose.copy());
                Body b = character.pose(pose.asMotion(fps), 0);
                armless.add(park(b, free));
                whole.add(b);
                List<Body> bodies = f < slip + fall ? armless : whole;
                if (f == slip + fall) {
                    // from here the whole body collides: its earlier frames are the same poses with the arm in place
                    bodies = whole;
                }
                stepper.advance(frames(bodies, fps), f / fps, 1 / fps, f, loop);
                loop.split(1);
            }
            return new Start(CharacterPose.toMotion("one shoulder", poses, fps), stepper.state(), v);
        }
    }

    /** Step 1: the garment draped on the character in the fitting pose, 1 s of settling. */
    public static ClothState drape(ClothMesh mesh, Material material, SimulationSettings settings,
            CharacterBody character, double fps, IProgressMonitor monitor) throws SimulationFailedException {
        Motion fit = FittingPose.aPose(character.skeleton(), fps);
        return InitialDrape.drape(mesh, material, settings, new CharacterBodyMotion(character, fit), 0, 1.0, monitor);
    }

    /** The body with the free arm's capsules moved 50 m below it (the capsule count and order kept). */
    static Body park(Body b, Hand free) {
        List<Capsule> out = new ArrayList<>();
        for (Capsule c : b.capsules()) {
            boolean parked = false;
            for (String p : ARM_PARTS) {
                parked |= c.name().equals(p + free.capsuleSuffix);
            }
            out.add(parked ? new Capsule(c.name(), c.ax(), c.ay() - 50, c.az(), c.bx(), c.by() - 50, c.bz(), c.ra(),
                    c.rb()) : c);
        }
        return new Body(out);
    }

    private static BodyMotion frames(List<Body> frames, double fps) {
        List<Body> copy = List.copyOf(frames);
        return new BodyMotion() {
            @Override
            public Body poseAt(double t) {
                double x = Math.max(0, Math.min(copy.size() - 1, t * fps));
                int i = (int) Math.floor(x);
                double w = x - i;
                if (i >= copy.size() - 1 || w < 1e-9) {
                    return copy.get(Math.min(i, copy.size() - 1));
                }
                return Body.lerp(copy.get(i), copy.get(i + 1), w);
            }

            @Override
            public double endTime() {
                return (copy.size() - 1) / fps;
            }
        };
    }
}
