package org.clothgraph.cloth.dressing;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.FittingPose;
import org.clothgraph.cloth.dressing.DressingAction.Align;
import org.clothgraph.cloth.dressing.DressingAction.Drag;
import org.clothgraph.cloth.dressing.DressingAction.FeaturePoint;
import org.clothgraph.cloth.dressing.DressingAction.Grip;
import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.cloth.dressing.DressingAction.HandKey;
import org.clothgraph.cloth.dressing.DressingAction.Idle;
import org.clothgraph.cloth.dressing.DressingAction.Release;
import org.clothgraph.cloth.dressing.DressingAction.Track;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Vec3;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.ClothStepper;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.SolverCounters;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.Capsule;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Runs a dressing action queue (Clegg et al. 2015): each action drives the character's kinematics frame by frame
 * (two-bone IK of the hands, tracking of a reference motion) with a path planned once when the action starts
 * (feed-forward) and corrected every frame from the current cloth state (feedback), while the embedded simulator
 * advances the garment one output frame at a time ({@link ClothStepper}) with the gripped vertices following the
 * hand that holds them ({@code drive}) until it releases them. The cloth collides with the character's body as in
 * every simulation (the settings' body collision, the character's bind pose and skinned surface).
 */
public final class DressingController {
    /** Standoff of a hand's palm from the cloth it aims at: the hand capsule's radius plus a centimetre. */
    static final double STANDOFF = 0.045;
    /** Within this of the cloth, a hand whose target lies further along the cloth follows the geodesic field. */
    static final double AT_CLOTH = 0.06;
    /** Within this of its target (m) a hand looks at the cloth in front of it. */
    static final double NEAR_TARGET = 0.2;
    /** How far along the cloth (m) the geodesic feedback looks ahead per frame. */
    static final double GEODESIC_STEP = 0.05;
    /**
     * The fastest a palm moves toward its target (m/s), a person's reaching pace: a target that jumps (the goal found
     * again on cloth the hand pushes, the geodesic way round a fold, a key far away) is followed at this speed rather
     * than in one frame. Measured on the hood-back-up starts (docs/DRESSING.md, "2026-12-07"): without it the hand
     * jumped 16-19 cm in a frame as its goal moved, and the cloth it pressed was thrown; at 1 m/s it lagged its path by
     * up to 26 cm and missed the rim.
     */
    static final double HAND_SPEED = 2.0;
    /** How far a palm is lifted off the head and torso per step (m) when no turn of the elbow clears the arm. */
    static final double LIFT_STEP = 0.005;
    /** The most a palm is lifted off the head and torso (m); beyond it the clearest pose at the target is kept. */
    static final double MAX_LIFT = 0.1;

    /**
     * A grip or release as it happened: output frame, hand, kind ("grip", "missed", "release"), the vertices. The frame
     * is the last one simulated before the event: a grip reads its patch from that frame's cloth and drives it from the
     * next frame on; a release lets go after that frame, which was still simulated with the grip.
     */
    public record GripEvent(int frame, Hand hand, String kind, int[] vertices, double distance) {
    }

    /**
     * The vertices {@code hand} holds in output frame {@code f} (none: an empty array): from a grip's frame, where the
     * hand has closed on the patch it then drives, to its release's frame, the last one simulated with the grip, both
     * included.
     */
    public static int[] heldAt(List<GripEvent> events, Hand hand, int f) {
        int[] held = new int[0];
        for (GripEvent e : events) {
            if (e.hand() != hand) {
                continue;
            }
            if (e.kind().equals("grip") && e.frame() <= f) {
                held = e.vertices();
            } else if (e.kind().equals("release") && e.frame() < f) {
                held = new int[0];
            }
        }
        return held;
    }

    /**
     * A dressing clip: the character's motion (frame 0 = the start pose), the cloth at every frame (frame 0 = the
     * start state), the grip events, the action running at each frame (its index in the queue; -1 for frame 0) and
     * what the solver counted.
     */
    public record Result(Motion motion, List<ClothState> frames, List<GripEvent> events, int[] actionAtFrame,
            SolverCounters counters) {
    }

    private final ClothMesh mesh;
    private final Material material;
    private final SimulationSettings settings;
    private final CharacterBody character;
    private final Function<String, Motion> clips;
    private final GarmentTargets targets;
    private final String source;

    /**
     * @param clips the reference motions Track may name besides "fitting pose" (null when none)
     * @param source what names the queue in errors (its file)
     */
    public DressingController(ClothMesh mesh, Material material, SimulationSettings settings, CharacterBody character,
            Function<String, Motion> clips, String source) {
        this.mesh = mesh;
        this.material = material;
        this.settings = settings;
        this.character = character;
        this.clips = clips;
        this.source = source;
        this.targets = new GarmentTargets(mesh, character.bindPose(), source);
    }

    /** Checks every name the queue uses (features, body segments, clips) before anything is simulated. */
    public void validate(ActionQueue queue) {
        for (int i = 0; i < queue.actions().size(); i++) {
            DressingAction a = queue.actions().get(i);
            String at = "actions[" + i + "]";
            if (a instanceof Grip g) {
                targets.feature(g.target().feature(), at + ".feature");
            } else if (a instanceof Align al) {
                targets.feature(al.target().feature(), at + ".feature");
                if (al.through() != null) {
                    String field = at + (al.through().toward() ? ".toward" : ".awayFrom");
                    targets.feature(al.through().feature(), field);
                    if (al.through().feature().equals(al.target().feature())) {
                        throw new InvalidInputException(source, field, "must name another feature than the opening"
                                + " itself ('" + al.target().feature() + "')");
                    }
                }
            } else if (a instanceof Drag d) {
                Body rest = character.bindPose();
                for (String s : d.segments()) {
                    if (rest.find(s) == null) {
                        throw new InvalidInputException(source, at + ".segments", "the character has no body segment '"
                                + s + "'");
                    }
                }
            } else if (a instanceof Track t && t.clip() != null) {
                reference(t.clip(), at + ".clip", 30);
            }
        }
    }

    /**
     * Runs the queue from {@code initial} (the cloth at frame {@code startFrame} of {@code start}, the character's
     * pose there) at {@code fps}.
     */
    public Result run(Motion start, int startFrame, ClothState initial, ActionQueue queue, double fps,
            IProgressMonitor monitor) throws SimulationFailedException {
        validate(queue);
        int total = 0;
        for (DressingAction a : queue.actions()) {
            total += frames(a, fps);
        }
        SubMonitor sm = SubMonitor.convert(monitor, "Dressing", Math.max(1, total));
        Run r = new Run(CharacterPose.of(start, startFrame), initial, fps, sm);
        try (ClothStepper stepper = new ClothStepper(mesh, material, settings, initial)) {
            r.stepper = stepper;
            for (int i = 0; i < queue.actions().size(); i++) {
                r.action = i;
                try {
                    r.perform(queue.actions().get(i));
                } catch (SimulationFailedException e) {
                    // a report over many starts says where in the queue each failed and what the hands held then
                    throw e.during("in actions[" + i + "], " + queue.actions().get(i).type() + "; " + r.holding());
                }
            }
            SolverCounters c = stepper.counters();
            return new Result(CharacterPose.toMotion("dressing", r.poses, fps), List.copyOf(r.frames),
                    List.copyOf(r.events), r.actionAt.stream().mapToInt(Integer::intValue).toArray(), c);
        }
    }

    private static int frames(DressingAction a, double fps) {
        int n = (int) Math.round(a.duration() * fps);
        return a.duration() > 0 ? Math.max(1, n) : 0;
    }

    private Motion reference(String clip, String field, double fps) {
        if (clip.equals("fitting pose")) {
            return FittingPose.aPose(character.skeleton(), fps);
        }
        Motion m = clips == null ? null : clips.apply(clip);
        if (m == null) {
            throw new InvalidInputException(source, field, "no clip named '" + clip + "' (a clip of the project or"
                    + " \"fitting pose\")");
        }
        if (m.skeleton().size() != character.skeleton().size()) {
            throw new InvalidInputException(source, field, "clip '" + clip + "' is not on the character's skeleton");
        }
        return m;
    }

    /** One grip in force: the vertices and their offsets in the wrist's frame at the moment of the grip. */
    private record Held(int[] vertices, Vec3[] offsets) {
    }

    /** The body poses the controller has decided so far, as the simulator's body motion (frame f at t = f / fps). */
    private static final class GrowingBody implements BodyMotion {
        private final List<Body> frames = new ArrayList<>();
        private final double fps;
        private final Body bind;

        GrowingBody(double fps, Body bind) {
            this.fps = fps;
            this.bind = bind;
        }

        @Override
        public Body poseAt(double t) {
            double x = Math.max(0, Math.min(frames.size() - 1, t * fps));
            int i = (int) Math.floor(x);
            double w = x - i;
            if (i >= frames.size() - 1 || w < 1e-9) {
                return frames.get(Math.min(i, frames.size() - 1));
            }
            return Body.lerp(frames.get(i), frames.get(i + 1), w);
        }

        @Override
        public double endTime() {
            return (frames.size() - 1) / fps;
        }

        @Override
        public Body bindPose() {
            return bind;
        }
    }

    /** The state of one run of a queue. */
    private final class Run {
        final double fps;
        final SubMonitor monitor;
        final List<CharacterPose> poses = new ArrayList<>();
        final List<ClothState> frames = new ArrayList<>();
        final List<GripEvent> events = new ArrayList<>();
        final List<Integer> actionAt = new ArrayList<>();
        final Map<Hand, Held> held = new EnumMap<>(Hand.class);
        final Map<Hand, ArmIk> ik = new EnumMap<>(Hand.class);
        final Map<Hand, ArmClearance> clearance = new EnumMap<>(Hand.class);
        /** The loop vertex of each feature point chosen on the cloth, chosen when first named. */
        final Map<FeaturePoint, Integer> onCloth = new java.util.HashMap<>();
        final GrowingBody body;
        ClothStepper stepper;
        CharacterPose pose;
        int action = -1;

        Run(CharacterPose start, ClothState initial, double fps, SubMonitor monitor) {
            this.fps = fps;
            this.monitor = monitor;
            this.pose = start.copy();
            this.body = new GrowingBody(fps, character.bindPose());
            poses.add(pose.copy());
            body.frames.add(posed(pose));
            frames.add(initial);
            actionAt.add(-1);
        }

        Body posed(CharacterPose p) {
            return character.pose(p.asMotion(fps), 0);
        }

        ClothState cloth() {
            return frames.get(frames.size() - 1);
        }

        /**
         * The vertices of a feature point's patch: on the rest mesh, or round the loop vertex chosen on the cloth when
         * the run first named the point (kept for the rest of the run).
         */
        int[] patch(FeaturePoint p, double radius, int maxVertices, String field) {
            if (!p.onCloth()) {
                return targets.patch(p, radius, maxVertices, field);
            }
            Integer centre = onCloth.get(p);
            if (centre == null) {
                centre = targets.pointVertex(p, cloth().positions(), yaw(pose.local[0]), field);
                onCloth.put(p, centre);
            }
            return targets.patchAround(centre, radius, maxVertices);
        }

        /** What the hands hold: "holding nothing" or e.g. "the right hand holding 3 vertices". */
        String holding() {
            if (held.isEmpty()) {
                return "holding nothing";
            }
            List<String> parts = new ArrayList<>();
            held.forEach((h, v) -> parts.add("the " + h.id() + " hand holding " + v.vertices.length + " vertices"));
            return String.join(", ", parts);
        }

        ArmIk ik(Hand h) {
            return ik.computeIfAbsent(h, x -> new ArmIk(pose, x));
        }

        /** The current pose becomes the next frame: the cloth is simulated to it, grips following their hands. */
        void step() throws SimulationFailedException {
            int f = frames.size() - 1;
            poses.add(pose.copy());
            body.frames.add(posed(pose));
            if (!held.isEmpty()) {
                Vec3[] p = pose.worldPositions();
                Quat[] w = pose.worldRotations();
                int count = 0;
                for (Held h : held.values()) {
                    count += h.vertices.length;
                }
                int[] v = new int[count];
                double[] t = new double[3 * count];
                int k = 0;
                for (Map.Entry<Hand, Held> e : held.entrySet()) {
                    int wrist = ik(e.getKey()).wristJoint();
                    Held h = e.getValue();
                    for (int i = 0; i < h.vertices.length; i++, k++) {
                        Vec3 x = p[wrist].add(w[wrist].rotate(h.offsets[i]));
                        v[k] = h.vertices[i];
                        t[3 * k] = x.x();
                        t[3 * k + 1] = x.y();
                        t[3 * k + 2] = x.z();
                    }
                }
                stepper.drive(v, t);
            }
            stepper.advance(body, f / fps, 1 / fps, f, monitor);
            frames.add(stepper.state());
            actionAt.add(action);
            monitor.split(1);
        }

        void perform(DressingAction a) throws SimulationFailedException {
            String at = "actions[" + action + "]";
            if (a instanceof Grip g) {
                grip(g, at);
            } else if (a instanceof Release r) {
                if (held.remove(r.hand()) != null) {
                    events.add(new GripEvent(frames.size() - 1, r.hand(), "release", new int[0], 0));
                }
            } else if (a instanceof Idle i) {
                for (int k = frames(i, fps); k > 0; k--) {
                    step();
                }
            } else if (a instanceof Track t) {
                if (t.clip() != null) {
                    trackClip(t, at);
                } else {
                    trackKeys(t);
                }
            } else if (a instanceof Align al) {
                align(al, at);
            } else if (a instanceof Drag d) {
                drag(d);
            }
        }

        void grip(Grip g, String at) {
            int[] patch = patch(g.target(), g.radius(), g.maxVertices(), at + ".feature");
            Vec3 c = centroid(cloth().positions(), patch);
            Vec3 palm = palm(pose, g.hand());
            double d = palm.distance(c);
            if (d > g.reach()) {
                events.add(new GripEvent(frames.size() - 1, g.hand(), "missed", patch, d));
                return;
            }
            int wrist = ik(g.hand()).wristJoint();
            Vec3 wp = pose.worldPositions()[wrist];
            Quat inv = pose.worldRotations()[wrist].conj();
            float[] x = cloth().positions();
            Vec3[] off = new Vec3[patch.length];
            for (int i = 0; i < patch.length; i++) {
                int o = 3 * patch[i];
                off[i] = inv.rotate(new Vec3(x[o], x[o + 1], x[o + 2]).sub(wp));
            }
            held.put(g.hand(), new Held(patch, off));
            events.add(new GripEvent(frames.size() - 1, g.hand(), "grip", patch, d));
        }

        /** Every joint follows the reference, blended in from the current pose; the heading is kept. */
        void trackClip(Track t, String at) throws SimulationFailedException {
            Motion ref = reference(t.clip(), at + ".clip", fps);
            CharacterPose from = pose.copy();
            double yaw = yaw(from.local[0]) - yaw(ref.rotation(0, 0));
            Quat turn = Quat.rotY(yaw);
            Vec3 r0 = ref.rootPosition(0);
            int n = frames(t, fps);
            double blend = ref.frameCount() == 1 ? t.duration() : Math.min(0.5, t.duration());
            for (int k = 1; k <= n; k++) {
                double time = k / fps;
                int rf = Math.min(ref.frameCount() - 1, (int) Math.floor(time * ref.fps() + 1e-9));
                double w = smooth(Math.min(1, time / blend));
                Vec3 rr = turn.rotate(ref.rootPosition(rf).sub(r0));
                Vec3 target = new Vec3(from.root.x() + rr.x(), r0.y() + rr.y(), from.root.z() + rr.z());
                pose.root = from.root.lerp(target, w);
                for (int j = 0; j < pose.local.length; j++) {
                    Quat q = j == 0 ? turn.mul(ref.rotation(rf, j)) : ref.rotation(rf, j);
                    pose.local[j] = from.local[j].slerp(q, w);
                }
                step();
            }
        }

        /**
         * The hand follows its keys, planned once in the body's frame at the start (feed-forward); a track for both
         * hands plans each hand's path on its own side and moves them together, one frame at a time.
         */
        void trackKeys(Track t) throws SimulationFailedException {
            List<Hand> hands = t.bothHands() ? List.of(Hand.LEFT, Hand.RIGHT) : List.of(t.hand());
            List<Double> times = new ArrayList<>();
            times.add(0.0);
            for (HandKey k : t.keys()) {
                times.add(k.time());
            }
            Body b = posed(pose);
            Map<Hand, List<Vec3>> paths = new EnumMap<>(Hand.class);
            for (Hand hand : hands) {
                List<Vec3> points = new ArrayList<>();
                points.add(palm(pose, hand));
                for (HandKey k : t.keys()) {
                    points.add(bodyPoint(pose, b, hand, k.relativeTo(), k.offset()));
                }
                paths.put(hand, points);
            }
            int n = frames(t, fps);
            for (int k = 1; k <= n; k++) {
                for (Hand hand : hands) {
                    reach(hand, along(paths.get(hand), times, k / fps));
                }
                step();
            }
        }

        /**
         * Feed-forward: a path from the palm over an approach point above the goal, or off the body's outside at the
         * patch when that way has less cloth in the hand's way (the vertices within the hand's radius and 1 cm of the
         * path, but for the patch's and the arm's own) and lets the arm end clear of the head and torso; planned once.
         * Feedback: every frame
         * the goal is found again on the current cloth (through the geodesic field where the hand is at the cloth and
         * the target lies further along it) and the path's end is moved onto it. After the planned time, up to 0.3 s
         * more straight to the patch, until the palm is at it.
         */
        void align(Align a, String at) throws SimulationFailedException {
            if (a.through() != null) {
                alignThrough(a, at);
                return;
            }
            Hand hand = a.hand();
            int[] patch = patch(a.target(), 0.03, 30, at + ".feature");
            Vec3 start = palm(pose, hand);
            Vec3 goal0 = goal(hand, patch);
            Vec3 over = goal0.add(new Vec3(0, a.approach(), 0)).add(outward(pose, hand).scale(0.5 * a.approach()));
            // the way in: from above the patch, or from the body's outside at the patch where less cloth lies in the
            // hand's way there and the arm can be held clear of the head and torso at the end (a hood back on the head:
            // its rim's top is at the forehead, and the hand that went up over the crown took the hood off again;
            // docs/DRESSING.md, "session 49")
            Vec3 aim = centroid(cloth().positions(), patch);
            Vec3 out = clearance.computeIfAbsent(hand, ArmClearance::new).away(posed(pose), aim, 1).sub(aim);
            if (over.sub(aim).length() > 1e-9 && out.length() > 1e-9) {
                Vec3 n = out.normalized();
                Vec3 overOut = aim.add(n.scale(STANDOFF + a.approach())), goalOut = aim.add(n.scale(STANDOFF));
                Vec3 goalAbove = aim.add(over.sub(aim).normalized().scale(STANDOFF));
                int inAbove = clothInTheWay(hand, start, over, aim) + clothInTheWay(hand, over, goalAbove, aim);
                int inOutside = clothInTheWay(hand, start, overOut, aim) + clothInTheWay(hand, overOut, goalOut, aim);
                if (inOutside < inAbove && gapAt(hand, goalOut) >= ArmClearance.CLEARANCE) {
                    goal0 = goalOut;
                    over = overOut;
                }
            }
            List<Vec3> plan = List.of(start, over, goal0);
            List<Double> times = List.of(0.0, 0.6 * a.duration(), a.duration());
            int n = frames(a, fps);
            int extra = (int) Math.round(0.3 * fps);
            for (int k = 1; k <= n + extra; k++) {
                Vec3 target;
                if (k <= n) {
                    Vec3 planned = along(plan, times, Math.min(a.duration(), k / fps));
                    double s = Math.min(1, k / fps / a.duration());
                    target = planned.add(goal(hand, patch).sub(goal0).scale(smooth(s)));
                } else {
                    // after the planned time, straight to the patch: where the geodesic feedback holds the hand at a
                    // fold (the cloth in front of it much further from the patch along the cloth than through space)
                    // the hand stayed there, 11-14 cm from the rim, and missed the grip (docs/DRESSING.md, "2026-12-07")
                    target = standOff(palm(pose, hand), centroid(cloth().positions(), patch));
                    if (palm(pose, hand).distance(target) < 0.015) {
                        break;
                    }
                }
                reach(hand, target);
                step();
            }
        }

        /**
         * Into an opening: while the hand approaches, every frame the opening's centre c and the way through it d
         * ({@link #openingDirection}, turned toward or away from the other feature's centre) are read from the current
         * cloth and the hand's path from where it started over c - approach d (reached at 60 % of the time) to
         * c + beyond d is planned again (feedback); from the approach point on it goes through as planned there.
         */
        void alignThrough(Align a, String at) throws SimulationFailedException {
            Hand hand = a.hand();
            int[] loop = targets.feature(a.target().feature(), at + ".feature").vertices();
            int[] other = targets.feature(a.through().feature(), at + ".through").vertices();
            int[] around = incident(loop);
            Vec3 start = palm(pose, hand);
            int n = frames(a, fps);
            List<Double> times = List.of(0.0, 0.6 * a.duration(), a.duration());
            List<Vec3> plan = null;
            for (int k = 1; k <= n; k++) {
                if (plan == null || k / fps <= times.get(1)) {
                    // feedback until the hand is at the approach point; from there on through the opening as it was
                    // then (the hand going through moves the cloth it aims at: chasing it would carry it along)
                    float[] x = cloth().positions();
                    Vec3 c = centroid(x, loop);
                    Vec3 d = openingDirection(x, loop, around, centroid(x, other).sub(c), a.through().toward());
                    plan = List.of(start, c.sub(d.scale(a.approach())), c.add(d.scale(a.through().beyond())));
                }
                // the elbow is not turned for clearance here: the forearm trails the hand into the opening along the
                // IK's own plane (turned to clear the hip, it went in at the armhole's edge: docs/DRESSING.md,
                // "Arm into sleeve", 0 of 20 starts with the turn, 6 of 20 without, at 2,109 vertices)
                reach(hand, along(plan, times, k / fps), false);
                step();
            }
        }

        /**
         * The hand moves along the named body segments, outside them, toward the body: from the point of the first
         * segment nearest the hand (its far end when the hand is beyond it) to its near end, then along the others.
         */
        void drag(Drag d) throws SimulationFailedException {
            Hand hand = d.hand();
            Body b = posed(pose);
            Vec3 palm = palm(pose, hand);
            Capsule first = b.find(d.segments().get(0));
            Vec3 a0 = new Vec3(first.ax(), first.ay(), first.az()), b0 = new Vec3(first.bx(), first.by(), first.bz());
            Vec3 axis = b0.sub(a0);
            double s0 = Math.max(0, Math.min(1, palm.sub(a0).dot(axis) / axis.dot(axis)));
            Vec3 side = palm.sub(a0.add(axis.scale(s0)));
            side = side.sub(axis.normalized().scale(side.dot(axis.normalized())));
            side = side.length() < 1e-6 ? new Vec3(0, 1, 0) : side.normalized();
            List<Vec3> points = new ArrayList<>();
            points.add(palm);
            for (int i = 0; i < d.segments().size(); i++) {
                Capsule c = b.find(d.segments().get(i));
                if (i == 0) {
                    // from where the hand is along the first segment (its far end when the hand is beyond it)
                    points.add(a0.add(axis.scale(s0)).add(side.scale(c.ra() + s0 * (c.rb() - c.ra()) + d.clearance())));
                }
                points.add(new Vec3(c.ax(), c.ay(), c.az()).add(side.scale(c.ra() + d.clearance())));
            }
            List<Double> times = new ArrayList<>();
            for (int i = 0; i < points.size(); i++) {
                times.add(d.duration() * i / (points.size() - 1));
            }
            int n = frames(d, fps);
            for (int k = 1; k <= n; k++) {
                reach(hand, along(points, times, k / fps));
                step();
            }
        }

        /**
         * Where the palm should go for a target patch on the current cloth: the patch's centre, standing off from the
         * cloth toward the hand; or, when the hand is near the target and at cloth in front of it that is much further
         * from the patch along the cloth than through space (the patch folded away or hidden), the point
         * {@link #GEODESIC_STEP} closer to it along the cloth's geodesic field.
         */
        Vec3 goal(Hand hand, int[] patch) {
            float[] x = cloth().positions();
            Vec3 palm = palm(pose, hand);
            Vec3 aim = centroid(x, patch);
            Vec3 ahead = aim.sub(palm);
            if (ahead.length() < NEAR_TARGET) {
                // the cloth right in front of the hand (not its own sleeve behind it)
                int nearest = -1;
                double nd = AT_CLOTH * AT_CLOTH;
                for (int i = 0; i < x.length / 3; i++) {
                    double dx = x[3 * i] - palm.x(), dy = x[3 * i + 1] - palm.y(), dz = x[3 * i + 2] - palm.z();
                    double d = dx * dx + dy * dy + dz * dz;
                    if (d < nd && dx * ahead.x() + dy * ahead.y() + dz * ahead.z() > 0) {
                        nd = d;
                        nearest = i;
                    }
                }
                if (nearest >= 0) {
                    double[] dist = targets.geodesics().from(patch, x);
                    Vec3 at = new Vec3(x[3 * nearest], x[3 * nearest + 1], x[3 * nearest + 2]);
                    // the cloth under the hand is much further from the target along the cloth than through space:
                    // the target is folded away or hidden, so go the way the geodesic field goes
                    if (dist[nearest] < Double.POSITIVE_INFINITY && dist[nearest] > GEODESIC_STEP
                            && dist[nearest] > 1.5 * at.distance(aim) + GEODESIC_STEP) {
                        aim = downhill(dist, x, nearest);
                    }
                }
            }
            return standOff(palm, aim);
        }

        /** The point {@link #STANDOFF} from {@code aim} toward the palm (the palm itself when nearer). */
        Vec3 standOff(Vec3 palm, Vec3 aim) {
            Vec3 away = palm.sub(aim);
            return away.length() < 1e-6 ? aim : aim.add(away.normalized().scale(Math.min(STANDOFF, away.length())));
        }

        /** The vertex {@link #GEODESIC_STEP} further down the distance field from {@code from}, nearest to it. */
        Vec3 downhill(double[] dist, float[] x, int from) {
            double want = dist[from] - GEODESIC_STEP;
            int best = from;
            double bestErr = Double.POSITIVE_INFINITY;
            for (int i = 0; i < dist.length; i++) {
                if (dist[i] > want || dist[i] < want - GEODESIC_STEP) {
                    continue;
                }
                double err = Math.abs(dist[i] - want) + Math.sqrt(sq(x[3 * i] - x[3 * from])
                        + sq(x[3 * i + 1] - x[3 * from + 1]) + sq(x[3 * i + 2] - x[3 * from + 2]));
                if (err < bestErr) {
                    bestErr = err;
                    best = i;
                }
            }
            return new Vec3(x[3 * best], x[3 * best + 1], x[3 * best + 2]);
        }

        /**
         * Two-bone IK on the hand's arm so the palm (not the wrist) reaches the target, the arm kept out of the head
         * and torso ({@link ArmClearance}); {@link #reach(Hand, Vec3, boolean)} with the elbow turned as needed.
         */
        void reach(Hand hand, Vec3 target) {
            reach(hand, target, true);
        }

        /**
         * Moves the hand's palm toward the target, at most {@link #HAND_SPEED} / fps a frame, with the arm kept out of
         * the head and torso ({@link ArmClearance}): the target is first moved out of them. With {@code swivel} the
         * palm goes as near the target as the clearance allows and the elbow turns as little as it must:
         * <ul>
         * <li>of the turns of the elbow about the shoulder-wrist axis (steps of 15 degrees either way, and none) that
         * leave the arm {@link ArmClearance#CLEARANCE} clear, the one that puts the elbow nearest to where it was in
         * the frame before;</li>
         * <li>when no turn clears the arm, the palm is lifted off the head and torso ({@link #LIFT_STEP} at a time, up
         * to {@link #MAX_LIFT}) until one does: a hand over its own head raises itself rather than put the forearm
         * through the head;</li>
         * <li>when none does even then, the hand holds nothing and the arm was clearer where it was than any turn at
         * the target, the palm goes three quarters, half or a quarter of the way where a turn clears as well as the arm
         * did (least elbow move), or the arm stays where it was: an empty hand never takes the arm into the head or
         * torso further than it was (waiting costs a reach only time);</li>
         * <li>otherwise the clearest turn at the target: a hand that holds the garment goes on, since a hand that stops
         * leaves what it carries where it is (a pull-down over the head stopped for 26 frames beside the head and the
         * hood stayed up: docs/DRESSING.md, "An empty hand waits").</li>
         * </ul>
         * Measured on a hood-back-up start (cloth state 1481 of the demo's exploration; docs/DRESSING.md,
         * "2026-12-07"): turning the elbow by the least angle that clears, or keeping the clearest turn, the forearm
         * was 1-28 mm inside the head in 12 of the Align's 38 frames and the elbow swung from one side to the other
         * between frames; the cloth between them was thrown. With {@code swivel} false the elbow is left where the IK
         * puts it (the palm's target is still moved out of the head and torso).
         */
        void reach(Hand hand, Vec3 target, boolean swivel) {
            Vec3 from = palm(pose, hand);
            Vec3 step = target.sub(from);
            double most = HAND_SPEED / fps;
            if (step.length() > most) {
                target = from.add(step.scale(most / step.length()));
            }
            ArmIk arm = ik(hand);
            ArmClearance clear = clearance.computeIfAbsent(hand, ArmClearance::new);
            Vec3 goal = clear.outside(posed(pose), target);
            if (!swivel) {
                solve(arm, hand, goal);
                return;
            }
            int s = arm.shoulderJoint();
            Vec3 elbowBefore = pose.worldPositions()[arm.elbowJoint()];
            Quat[] before = pose.local.clone();
            Clearest clearest = new Clearest();
            int lifts = (int) Math.round(MAX_LIFT / LIFT_STEP);
            for (int j = 0; j <= lifts; j++) {
                System.arraycopy(before, 0, pose.local, 0, before.length);
                solve(arm, hand, j == 0 ? goal : clear.away(posed(pose), goal, j * LIFT_STEP));
                Quat pick = leastTurn(arm, clear, elbowBefore, ArmClearance.CLEARANCE, j == 0 ? clearest : null);
                if (pick != null) {
                    pose.local[s] = pick;
                    return;
                }
            }
            // no turn clears, even lifted: an empty hand does not take the arm into the head or torso when it was
            // clearer where it was (the clearest turn at the goal put the forearm 11 mm into the head, and the cloth
            // between was thrown: docs/DRESSING.md, "An empty hand waits"); it goes three quarters, half or a quarter
            // of the way where a turn clears there as well as the arm did, or stays
            System.arraycopy(before, 0, pose.local, 0, before.length);
            double beforeGap = clear.clearance(posed(pose));
            if (held.containsKey(hand) || beforeGap <= clearest.gap) {
                System.arraycopy(clearest.pose, 0, pose.local, 0, clearest.pose.length);
                return;
            }
            double need = Math.min(ArmClearance.CLEARANCE, beforeGap);
            for (int q = 3; q >= 1; q--) {
                System.arraycopy(before, 0, pose.local, 0, before.length);
                solve(arm, hand, from.lerp(goal, q / 4.0));
                Quat pick = leastTurn(arm, clear, elbowBefore, need, null);
                if (pick != null) {
                    pose.local[s] = pick;
                    return;
                }
            }
            System.arraycopy(before, 0, pose.local, 0, before.length);
        }

        /**
         * How clear of the head and torso the arm can be with the palm at {@code palmTarget} (moved out of them as a
         * reach moves it; the clearest turn of the elbow); -infinity where the arm cannot put the palm there. The pose
         * is left as it was.
         */
        double gapAt(Hand hand, Vec3 palmTarget) {
            ArmIk arm = ik(hand);
            ArmClearance clear = clearance.computeIfAbsent(hand, ArmClearance::new);
            Quat[] before = pose.local.clone();
            Vec3 elbow = pose.worldPositions()[arm.elbowJoint()];
            Vec3 goal = clear.outside(posed(pose), palmTarget);
            solve(arm, hand, goal);
            double gap = Double.NEGATIVE_INFINITY;
            if (palm(pose, hand).distance(goal) < 0.02) {
                Clearest c = new Clearest();
                leastTurn(arm, clear, elbow, Double.POSITIVE_INFINITY, c);
                gap = c.gap;
            }
            System.arraycopy(before, 0, pose.local, 0, before.length);
            return gap;
        }

        /**
         * The cloth vertices within the hand's reach of the way from {@code from} to {@code to} (the hand capsule's
         * radius and 1 cm), those within {@link #STANDOFF} + that of the patch's centre {@code aim} not counted.
         */
        int clothInTheWay(Hand hand, Vec3 from, Vec3 to, Vec3 aim) {
            Body b = posed(pose);
            Capsule palm = b.find("hand" + hand.capsuleSuffix);
            double r = (palm == null ? 0.04 : palm.ra()) + 0.01;
            Capsule way = Capsule.of("way", new double[] { from.x(), from.y(), from.z() },
                    new double[] { to.x(), to.y(), to.z() }, r, r);
            Capsule[] arm = { b.find("upperarm" + hand.capsuleSuffix), b.find("forearm" + hand.capsuleSuffix), palm };
            float[] x = cloth().positions();
            int n = 0;
            for (int i = 0; i < x.length / 3; i++) {
                double px = x[3 * i], py = x[3 * i + 1], pz = x[3 * i + 2];
                if (aim.distance(new Vec3(px, py, pz)) < STANDOFF + r || way.signedDistance(px, py, pz) >= 0) {
                    continue;
                }
                boolean own = false;
                for (Capsule k : arm) {
                    own |= k != null && k.signedDistance(px, py, pz) < 0.05;
                }
                n += own ? 0 : 1;
            }
            return n;
        }

        /** The clearest pose seen: its gap from the head and torso, m, and its joints. */
        private static final class Clearest {
            double gap = Double.NEGATIVE_INFINITY;
            Quat[] pose;
        }

        /**
         * Of the turns of the elbow about the shoulder-wrist axis (none, and steps of 15 degrees either way) from the
         * pose as solved, the one that leaves the arm at least {@code need} clear of the head and torso and puts the
         * elbow nearest {@code elbowBefore}: its shoulder rotation, or null when none clears; each turn's pose is
         * offered to {@code clearest} when given. Leaves the pose at the last turn tried.
         */
        private Quat leastTurn(ArmIk arm, ArmClearance clear, Vec3 elbowBefore, double need, Clearest clearest) {
            int s = arm.shoulderJoint(), elbow = arm.elbowJoint();
            Quat solved = pose.local[s];
            Quat pick = null;
            double pickMove = Double.POSITIVE_INFINITY;
            for (int k = -12; k <= 12; k++) {
                pose.local[s] = solved;
                if (k != 0) {
                    arm.swivel(pose, Math.toRadians(15 * k));
                }
                double gap = clear.clearance(posed(pose));
                if (clearest != null && gap > clearest.gap) {
                    clearest.gap = gap;
                    clearest.pose = pose.local.clone();
                }
                if (gap >= need) {
                    double move = pose.worldPositions()[elbow].distance(elbowBefore);
                    if (move < pickMove) {
                        pickMove = move;
                        pick = pose.local[s];
                    }
                }
            }
            return pick;
        }

        /** Two-bone IK putting the hand's palm (not the wrist) at {@code goal}. */
        private void solve(ArmIk arm, Hand hand, Vec3 goal) {
            Vec3 out = outward(pose, hand);
            for (int it = 0; it < 2; it++) {
                Vec3 wrist = pose.worldPositions()[arm.wristJoint()];
                Vec3 toPalm = palm(pose, hand).sub(wrist);
                arm.solve(pose, goal.sub(toPalm), out);
            }
        }

        /** The centre of the hand's collision capsule (wrist to 60 % of its end site). */
        Vec3 palm(CharacterPose p, Hand hand) {
            int wrist = ik(hand).wristJoint();
            Vec3 end = p.skeleton.joint(wrist).endSite();
            Vec3 w = p.worldPositions()[wrist];
            return end == null ? w : w.add(p.worldRotations()[wrist].rotate(end.scale(0.3)));
        }

        /** A point at (out, up, forward) metres from a body part, in the body's frame. */
        Vec3 bodyPoint(CharacterPose p, Body b, Hand hand, String part, double[] offset) {
            Capsule c = switch (part) {
                case "head" -> b.find("head");
                case "neck" -> b.find("neck");
                case "chest" -> b.find("chest");
                default -> b.find("upperarm" + hand.capsuleSuffix);
            };
            Vec3 origin = part.equals("head") || part.equals("chest")
                    ? new Vec3((c.ax() + c.bx()) / 2, (c.ay() + c.by()) / 2, (c.az() + c.bz()) / 2)
                    : new Vec3(c.ax(), c.ay(), c.az());
            Vec3[] h = p.heading();
            return origin.add(outward(p, hand).scale(offset[0])).add(new Vec3(0, offset[1], 0)).add(h[0].scale(offset[2]));
        }
    }

    static Vec3 outward(CharacterPose p, Hand hand) {
        Vec3 left = p.heading()[1];
        return hand == Hand.LEFT ? left : left.scale(-1);
    }

    /** Piecewise path through points at times, eased on each piece; held at the ends. */
    static Vec3 along(List<Vec3> points, List<Double> times, double t) {
        if (t <= times.get(0)) {
            return points.get(0);
        }
        for (int i = 1; i < points.size(); i++) {
            if (t <= times.get(i)) {
                double u = (t - times.get(i - 1)) / (times.get(i) - times.get(i - 1));
                return points.get(i - 1).lerp(points.get(i), smooth(u));
            }
        }
        return points.get(points.size() - 1);
    }

    static double smooth(double u) {
        return u * u * (3 - 2 * u);
    }

    private static double yaw(Quat q) {
        Vec3 f = q.rotate(new Vec3(0, 0, 1));
        return Math.atan2(f.x(), f.z());
    }

    /** The triangles (vertex triples) with a vertex on the loop. */
    private int[] incident(int[] loop) {
        java.util.BitSet on = new java.util.BitSet();
        for (int v : loop) {
            on.set(v);
        }
        int[] t = mesh.triangles();
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < t.length; i += 3) {
            if (on.get(t[i]) || on.get(t[i + 1]) || on.get(t[i + 2])) {
                out.add(t[i]);
                out.add(t[i + 1]);
                out.add(t[i + 2]);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The way through an opening on the current cloth, toward {@code other} (or away from it): the sum of two area
     * vectors: the loop's own (Newell's method), turned toward the other feature (or away from it), which gives the way
     * through a round opening such as a cuff; and that of the cloth around it (the triangles at the loop's vertices, as
     * wound: a garment's triangles face away from the body), outward for toward and inward for away: where the
     * opening is a seam in the garment's wall, a sleeve's armhole, that is the wall's normal, the way from inside the
     * garment into the sleeve, and it stays so when the opening has collapsed into a slit, whose own plane is undefined
     * (around a cuff the sleeve's triangles face every way and cancel).
     */
    static Vec3 openingDirection(float[] x, int[] loop, int[] around, Vec3 other, boolean toward) {
        double nx = 0, ny = 0, nz = 0;
        for (int i = 0; i < loop.length; i++) {
            int a = 3 * loop[i], b = 3 * loop[(i + 1) % loop.length];
            nx += (x[a + 1] - x[b + 1]) * (x[a + 2] + x[b + 2]);
            ny += (x[a + 2] - x[b + 2]) * (x[a] + x[b]);
            nz += (x[a] - x[b]) * (x[a + 1] + x[b + 1]);
        }
        Vec3 own = new Vec3(nx / 2, ny / 2, nz / 2);
        double wx = 0, wy = 0, wz = 0;
        for (int i = 0; i < around.length; i += 3) {
            int a = 3 * around[i], b = 3 * around[i + 1], c = 3 * around[i + 2];
            double ux = x[b] - x[a], uy = x[b + 1] - x[a + 1], uz = x[b + 2] - x[a + 2];
            double vx = x[c] - x[a], vy = x[c + 1] - x[a + 1], vz = x[c + 2] - x[a + 2];
            wx += (uy * vz - uz * vy) / 2;
            wy += (uz * vx - ux * vz) / 2;
            wz += (ux * vy - uy * vx) / 2;
        }
        Vec3 wall = new Vec3(wx, wy, wz);
        double sign = toward ? 1 : -1;
        Vec3 d = own.scale(sign * own.dot(other) < 0 ? -1 : 1).add(wall.scale(sign));
        if (d.length() < 1e-12) {
            return other.length() < 1e-12 ? new Vec3(0, -1, 0) : other.normalized().scale(sign);
        }
        return d.normalized();
    }

    static Vec3 centroid(float[] x, int[] vertices) {
        double cx = 0, cy = 0, cz = 0;
        for (int v : vertices) {
            cx += x[3 * v];
            cy += x[3 * v + 1];
            cz += x[3 * v + 2];
        }
        int n = Math.max(1, vertices.length);
        return new Vec3(cx / n, cy / n, cz / n);
    }

    private static double sq(double x) {
        return x * x;
    }
}
