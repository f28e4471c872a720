package org.clothgraph.cloth.dressing;

import java.util.List;

/**
 * One primitive action of a dressing queue (Clegg et al. 2015, section 4). Durations are in seconds, positions in
 * metres. A hand is the character's left or right hand (the end effector of its arm's two-bone IK).
 */
public sealed interface DressingAction {

    /** The action's name in the queue file ("grip", "track", ...). */
    String type();

    /** Seconds this action takes at most (0 for the instantaneous grip and release). */
    double duration();

    /** The character's hands, with the skeleton joints of their arm chains. */
    enum Hand {
        LEFT("LeftArm", "LeftForeArm", "LeftHand", "_l"), RIGHT("RightArm", "RightForeArm", "RightHand", "_r");

        public final String shoulderJoint, elbowJoint, wristJoint, capsuleSuffix;

        Hand(String shoulder, String elbow, String wrist, String suffix) {
            this.shoulderJoint = shoulder;
            this.elbowJoint = elbow;
            this.wristJoint = wrist;
            this.capsuleSuffix = suffix;
        }

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A place on the garment: a feature loop by name ({@link org.clothgraph.sim.garment.GarmentFeatures}) and the
     * point of the loop: "top", "bottom", "front", "back", "left", "right" (the loop vertex furthest that way) or
     * "centre" (every loop vertex). The direction is taken on the rest mesh on the character's rest pose, or, with
     * {@code onCloth}, on the cloth as it is when the queue first names the point, in the character's frame then (up,
     * and its heading): the hood rim's "back" on the cloth is the part of a fallen hood's rim behind the neck, however
     * the hood has fallen. A point on the cloth is chosen once per run and kept, so an Align and the Grip after it
     * name the same vertices.
     */
    record FeaturePoint(String feature, String at, boolean onCloth) {
        /** A point chosen on the rest mesh. */
        public FeaturePoint(String feature, String at) {
            this(feature, at, false);
        }
    }

    /**
     * Grip(hand, feature): the hand closes on the grip patch, the vertices within {@code radius} of the feature
     * point along the cloth at rest (at most {@code maxVertices}, nearest first); they follow the hand until Release.
     * A hand further than {@code reach} from the patch grips nothing (the event says so).
     */
    record Grip(Hand hand, FeaturePoint target, double radius, int maxVertices, double reach) implements DressingAction {
        public String type() {
            return "grip";
        }

        public double duration() {
            return 0;
        }
    }

    /**
     * A hand key: at {@code time} seconds into a Track the hand is at {@code offset} = (out, up, forward) metres from
     * a body joint ("head", "neck", "shoulder" of the hand's side, "chest"), in the body's frame at the start of the
     * Track (out is toward the hand's side, so one key serves either hand).
     */
    record HandKey(double time, String relativeTo, double[] offset) {
    }

    /**
     * Track(reference, duration): every joint follows a reference motion ({@code clip}: "fitting pose" or a clip of the
     * project), blended in from the current pose; or, with {@code keys}, the hand follows the keyframed path (planned
     * once, feed-forward) by two-bone IK while the rest of the body holds. With keys and no hand ({@code "hand":
     * "both"} in a queue file) both hands follow the keys at the same time, each on its own side (a key's "out" is
     * toward the hand's side, "shoulder" the hand's own), as a person lifts a hood with both hands.
     */
    record Track(String clip, Hand hand, List<HandKey> keys, double duration) implements DressingAction {
        public String type() {
            return "track";
        }

        /** Whether both hands follow the keys (a keyed track without a hand). */
        public boolean bothHands() {
            return clip == null && hand == null;
        }
    }

    /**
     * Align(end effector, feature): steers the hand to the feature point (its grip patch) within {@code duration}:
     * a path planned once from the hand over an approach point {@code approach} metres above the target, corrected
     * every frame from the current cloth state: where the hand is at the cloth but the target is hidden or folded
     * away, it follows the geodesic distance field of the target over the cloth surface.
     * <p>
     * Into an opening ({@code through} set): the hand goes through the loop's centre along the normal of its plane,
     * turned toward another feature loop's centre ({@code through.toward}) or away from it ({@code through.awayFrom}):
     * from the hand
     * to an approach point {@code approach} metres before the loop's centre on the entry side, then through it to
     * {@code through.beyond} metres past it; the loop's centre and the direction are taken from the current cloth every
     * frame (feedback).
     */
    record Align(Hand hand, FeaturePoint target, double approach, double duration, Through through)
            implements DressingAction {
        public Align(Hand hand, FeaturePoint target, double approach, double duration) {
            this(hand, target, approach, duration, null);
        }

        public String type() {
            return "align";
        }
    }

    /**
     * The way through an opening: toward another feature's centre ({@code toward} true) or away from it, going
     * {@code beyond} metres past the opening's centre.
     */
    record Through(String feature, boolean toward, double beyond) {
    }

    /**
     * Drag(hand, body segments): the hand moves along the named body capsules (e.g. forearm_l, upperarm_l, shoulders),
     * {@code clearance} metres outside their surface, from the first one's far end to the last one's, pulling what it
     * grips along the limb.
     */
    record Drag(Hand hand, List<String> segments, double clearance, double duration) implements DressingAction {
        public String type() {
            return "drag";
        }
    }

    /** Release(hand): the gripped vertices are simulated again. */
    record Release(Hand hand) implements DressingAction {
        public String type() {
            return "release";
        }

        public double duration() {
            return 0;
        }
    }

    /** Idle(duration): the character holds its pose; the cloth goes on. */
    record Idle(double duration) implements DressingAction {
        public String type() {
            return "idle";
        }
    }
}
