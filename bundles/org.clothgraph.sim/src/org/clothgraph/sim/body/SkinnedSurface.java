package org.clothgraph.sim.body;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.model.geometry.LinearBlendSkinning;

/**
 * A skinned body mesh generated from a bind-pose {@link Body}: the smooth union of the capsules (polynomial
 * smooth-min of their signed distances, so armpits and crotch fill in while limbs further apart than the blend
 * radius stay separate) polygonised by marching tetrahedra on a Kuhn-triangulated grid, then posed by linear
 * blend skinning over per-capsule rigid transforms.
 * <p>
 * Marching tetrahedra is used because its output is the zero set of a piecewise-linear field: closed,
 * 2-manifold, consistently wound and free of self-intersections by construction (no ambiguous cases, unlike
 * marching cubes or surface nets). Edge crossings are kept between 5% and 95% of their edge so no triangle
 * degenerates; that moves the surface by at most 5% of a cell. Its many short edges are then collapsed (about
 * two thirds fewer triangles, better shaped), each collapse keeping the mesh a closed 2-manifold and turning no
 * triangle by more than 45 degrees; that the result is still free of self-intersections is checked by the
 * tests for the demo bodies, not guaranteed for any capsule layout.
 * <p>
 * Posing: a capsule's transform maps its bind frame onto its posed frame. The frame is the capsule axis plus
 * a roll direction. When the posed capsule and its bind capsule both carry their bone's rotation ({@link
 * Capsule#bone()}, a character driven by a skeleton), the roll direction is the bind one turned by the bone's
 * rotation since the bind pose: exact, so a bone that is rigid with its capsule moves its skin rigidly. Otherwise
 * (bodies without a skeleton: procedural bodies, ARCSim's rigid parts, sampled motions stored before the rotations
 * were) the roll is <em>estimated</em> from a <em>reference capsule</em>: the nearest capsule (in the graph of
 * capsules touching at the bind pose) whose axis is at least 30 degrees from parallel, the most perpendicular at
 * that distance; when the posed reference turns nearly parallel to the capsule axis, that roll fades to the
 * minimal swing of the bind roll direction, so a twist about the axis is lost there. Linear blend skinning shrinks
 * joints bent far (the candy-wrapper and collapsing-elbow effects) and, where it averages two transforms far apart,
 * puts vertices outside both capsules: armpit vertices skinned to the chest and the upper arm lay up to 46 mm
 * outside the capsules with the arm horizontal or raised (the demo's jumping jacks; the same with exact or
 * estimated rolls). So a generated surface's posed vertices are pulled back within the posed capsule union the
 * solver collides with ({@link CapsuleUnion}; to {@link #UNION_TOLERANCE}; the generated bind positions are pulled
 * within it too, where the polygonised smooth-min lay up to 3 mm outside the union of joined pairs). Its triangles
 * bridged the crease between chest and upper arm up to 31 mm outside the union with the arm raised, where cloth held
 * outside the union was inside the drawn and measured mesh; so the faces where the skin weights change are subdivided
 * at the bind pose ({@link BlendRefinement}: 11,513 vertices become 41,705 for the demo character), the added
 * vertices posed at their parents' midpoints and kept within the union like the others, which pulls them into the
 * crease (4.7 mm outside at most over the demo clips). The posed surface intersects itself in ordinary poses: the armpits, bound in the A-pose, sink up
 * to ~5 cm into the chest when the arms come down (hundreds of crossing triangle pairs while the demo character
 * walks), and more where body parts press together (jumping jacks, a kick, a crouch); the sunk parts lie inside the
 * capsules.
 * <p>
 * Instances are immutable; posing is a pure function of the posed capsules (same input, same doubles, on any
 * thread).
 */
public final class SkinnedSurface {
    /** Default grid cell size, metres. */
    public static final double DEFAULT_CELL = 0.015;
    /** Default smooth-min blend radius, metres. */
    public static final double DEFAULT_BLEND = 0.025;
    /** Skin weights fall to zero this far (metres) beyond the nearest capsule's surface distance. */
    private static final double WEIGHT_FALLOFF = 0.04;
    private static final int MAX_INFLUENCES = LinearBlendSkinning.INFLUENCES;
    /** Edge crossings stay within [T_MIN, 1 - T_MIN] of their edge, so triangles never degenerate. */
    private static final double T_MIN = 0.05;
    /** Edges shorter than this fraction of a cell are collapsed after polygonisation. */
    private static final double SHORT_EDGE = 0.5;
    /** Smallest quality (4 sqrt 3 area / sum of squared edges; 1 = equilateral) a collapse may create. */
    private static final double MIN_QUALITY = 0.15;
    /** A collapse may turn no neighbouring triangle's normal by more than this cosine allows (45 degrees). */
    private static final double MIN_NORMAL_COS = 0.7071;
    /** A reference axis closer to parallel than this sine is not used for the roll. */
    private static final double MIN_REFERENCE_SINE = 0.5;
    /** Below this length of the posed roll direction (sine) the roll fades to the swung bind direction. */
    private static final double ROLL_FADE = 0.25;
    /** A posed vertex of a generated surface may lie this far (metres) outside the capsule union, no further. */
    public static final double UNION_TOLERANCE = 0.001;
    /**
     * Newton steps of a pull onto the union, at most. Four steps of the distance along the unit gradient (until
     * 2026-12-04) left vertices added by {@link BlendRefinement}, which start from their parents' midpoints in the
     * joints' blend where the gradient is shorter than 1, up to 0.8 mm short of where the same pull ends from a start
     * 1e-7 m away (a rigid motion of the bind pose, recovered from float capsule ends); steps divided by the gradient's
     * length, at most 32, bring every vertex of a rigid motion within 2e-7 m. A pull stops as soon as the vertex is
     * within its allowance.
     */
    private static final int UNION_STEPS = 32;

    private static final int CACHE_SIZE = 8;
    private static final Map<Key, SkinnedSurface> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, SkinnedSurface> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    private record Key(Body bind, double cell, double blend) {
    }

    /** The characters' own surfaces (imported with them), by bind pose: {@link #of(Body)} gives them instead. */
    private static final Map<Body, SkinnedSurface> OWN = new LinkedHashMap<>();

    private final Body bind;
    private final String[] names;
    private final double[] positions; // bind positions, xyz
    private final int[] triangles;
    private final int[] influence; // [vertex * 4 + k], -1 unused
    private final double[] weight; // [vertex * 4 + k]
    private final int[] reference; // per capsule, -1 = none
    private final double[][] bindFrames; // per capsule: midpoint, axis, roll (9 doubles)
    private final BoneRotation[] bindBones; // per capsule, null = unknown (the roll is estimated)
    /** Generated from the capsules (not a character's own mesh): posed vertices are kept within the union. */
    private final boolean generated;
    private final boolean[] joined; // CapsuleUnion.joined of the bind pose, for generated surfaces
    /** Per vertex of a generated surface, how far outside the posed union it may lie (metres). */
    private final double[] allowance;
    /** Vertices from this index on were added by {@link BlendRefinement}: posed at their parents' midpoint. */
    private final int baseVertices;
    private final int[] parents; // two per added vertex, each before it

    private SkinnedSurface(Body bind, double[] positions, int[] triangles) {
        this(bind, positions, triangles, new int[positions.length / 3 * MAX_INFLUENCES],
                new double[positions.length / 3 * MAX_INFLUENCES], true);
        computeWeights();
    }

    private SkinnedSurface(Body bind, double[] positions, int[] triangles, int[] influence, double[] weight,
            boolean generated) {
        this(bind, positions, triangles, influence, weight, generated, positions.length / 3, new int[0]);
    }

    private SkinnedSurface(Body bind, double[] positions, int[] triangles, int[] influence, double[] weight,
            boolean generated, int baseVertices, int[] parents) {
        this.bind = bind;
        this.baseVertices = baseVertices;
        this.parents = parents;
        this.names = new String[bind.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = bind.capsule(i).name();
        }
        this.positions = positions;
        this.triangles = triangles;
        this.influence = influence;
        this.weight = weight;
        this.generated = generated;
        this.joined = generated ? CapsuleUnion.joined(bind, DEFAULT_BLEND) : null;
        this.allowance = generated ? allowances(bind, joined, positions) : null;
        this.reference = chooseReferences(bind);
        this.bindFrames = new double[bind.size()][];
        this.bindBones = new BoneRotation[bind.size()];
        for (int c = 0; c < bind.size(); c++) {
            bindFrames[c] = frame(bind, c, reference[c], null);
            bindBones[c] = bind.capsule(c).bone();
        }
    }

    /**
     * The same mesh and skin weights bound to another bind pose of the same capsules (the same geometry, with bone
     * rotations where this one had none, say).
     */
    public SkinnedSurface rebound(Body other) {
        if (other.size() != bind.size()) {
            throw new IllegalArgumentException("the bind pose needs " + bind.size() + " capsules");
        }
        for (int c = 0; c < other.size(); c++) {
            Capsule p = bind.capsule(c), q = other.capsule(c);
            if (!p.name().equals(q.name()) || p.ax() != q.ax() || p.ay() != q.ay() || p.az() != q.az()
                    || p.bx() != q.bx() || p.by() != q.by() || p.bz() != q.bz() || p.ra() != q.ra() || p.rb() != q.rb()) {
                throw new IllegalArgumentException("bind capsule " + c + " (" + q.name() + ") is not " + p.name());
            }
        }
        return new SkinnedSurface(other, positions, triangles, influence, weight, generated, baseVertices, parents);
    }

    /**
     * A surface of the character's own (an imported mesh) bound to the capsules of its bind pose with given weights:
     * positions at the bind pose (xyz), triangles counter-clockwise from outside, per vertex four capsule indices
     * (-1 pads, by decreasing weight) and weights summing to 1. Posed like a generated surface.
     */
    public static SkinnedSurface bound(Body bind, double[] positions, int[] triangles, int[] influences, double[] weights) {
        int n = positions.length / 3;
        if (positions.length % 3 != 0 || triangles.length % 3 != 0 || influences.length != n * MAX_INFLUENCES
                || weights.length != n * MAX_INFLUENCES) {
            throw new IllegalArgumentException("inconsistent surface arrays");
        }
        for (int c : influences) {
            if (c < -1 || c >= bind.size()) {
                throw new IllegalArgumentException("capsule index " + c + " outside the bind pose");
            }
        }
        for (int t : triangles) {
            if (t < 0 || t >= n) {
                throw new IllegalArgumentException("triangle index " + t + " outside 0.." + (n - 1));
            }
        }
        return new SkinnedSurface(bind, positions.clone(), triangles.clone(), influences.clone(), weights.clone(), false);
    }

    /**
     * Writes the surface's mesh and skin weights (its bind pose is not written: {@link #read} is given it), so a
     * character's own surface travels with a work unit to another process.
     */
    public void write(DataOutput out) throws IOException {
        out.writeInt(positions.length);
        for (double d : positions) {
            out.writeDouble(d);
        }
        writeInts(out, triangles);
        writeInts(out, influence);
        out.writeInt(weight.length);
        for (double d : weight) {
            out.writeDouble(d);
        }
    }

    /** Reads what {@link #write} wrote, bound to {@code bind}: the same surface, bit for bit. */
    public static SkinnedSurface read(Body bind, DataInput in) throws IOException {
        double[] p = readDoubles(in);
        int[] t = readInts(in);
        int[] i = readInts(in);
        double[] w = readDoubles(in);
        try {
            return bound(bind, p, t, i, w);
        } catch (IllegalArgumentException e) {
            throw new IOException("bad body surface: " + e.getMessage(), e);
        }
    }

    private static void writeInts(DataOutput out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int v : a) {
            out.writeInt(v);
        }
    }

    private static int length(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 200_000_000) {
            throw new IOException("bad body surface array length " + n);
        }
        return n;
    }

    private static int[] readInts(DataInput in) throws IOException {
        int[] a = new int[length(in)];
        for (int k = 0; k < a.length; k++) {
            a[k] = in.readInt();
        }
        return a;
    }

    private static double[] readDoubles(DataInput in) throws IOException {
        double[] a = new double[length(in)];
        for (int k = 0; k < a.length; k++) {
            a[k] = in.readDouble();
        }
        return a;
    }

    /**
     * Makes {@code own} the surface {@link #of(Body)} gives for its bind pose in this process: a character imported
     * with its own mesh is drawn and collided with as that mesh wherever its bind pose is skinned. A bind pose is a
     * character's own (its skeleton's fitting pose capsules), so no other character is affected.
     */
    public static void useOwn(SkinnedSurface own) {
        synchronized (OWN) {
            OWN.put(own.bind, own);
        }
    }

    /** {@link #of(Body)} generates the surface of this bind pose again (its character's own is forgotten). */
    public static void forgetOwn(Body bind) {
        synchronized (OWN) {
            OWN.remove(bind);
        }
    }

    /** Whether {@link #of(Body)} gives a character's own surface for this bind pose. */
    public static boolean hasOwn(Body bind) {
        synchronized (OWN) {
            return OWN.containsKey(bind);
        }
    }

    /**
     * The surface of a bind pose: the character's own when one was given ({@link #useOwn}), else generated with the
     * default cell size and blend radius, once, and cached.
     */
    public static SkinnedSurface of(Body bind) {
        synchronized (OWN) {
            SkinnedSurface own = OWN.get(bind);
            if (own != null) {
                return own;
            }
        }
        return of(bind, DEFAULT_CELL, DEFAULT_BLEND);
    }

    /** The surface of a bind pose, generated once per (bind pose, cell, blend) and cached (a few entries). */
    public static SkinnedSurface of(Body bind, double cell, double blend) {
        Key key = new Key(bind, cell, blend);
        synchronized (CACHE) {
            SkinnedSurface s = CACHE.get(key);
            if (s != null) {
                return s;
            }
        }
        // generated outside the lock: deterministic, so a concurrent duplicate is the same surface
        SkinnedSurface s = generate(bind, cell, blend);
        synchronized (CACHE) {
            SkinnedSurface old = CACHE.putIfAbsent(key, s);
            return old != null ? old : s;
        }
    }

    /** Generates (uncached) the skinned surface of a bind pose. */
    public static SkinnedSurface generate(Body bind, double cell, double blend) {
        if (bind.size() == 0) {
            throw new IllegalArgumentException("a body without capsules has no surface");
        }
        if (!(cell > 0) || !(blend >= 0)) {
            throw new IllegalArgumentException("cell size must be > 0 and blend >= 0");
        }
        Polygoniser p = new Polygoniser(bind, cell, blend);
        Simplifier s = new Simplifier(p.positions(), p.triangles());
        s.run(SHORT_EDGE * cell);
        boolean[] joined = CapsuleUnion.joined(bind, DEFAULT_BLEND);
        double[] positions = s.positions();
        pullWithinUnion(bind, joined, positions, 0, null);
        SkinnedSurface coarse = new SkinnedSurface(bind, positions, s.triangles());
        BlendRefinement.Refined r = BlendRefinement.refine(coarse.positions, coarse.triangles, coarse.influence,
                coarse.weight, MAX_INFLUENCES);
        double[] refined = r.positions();
        pullWithinUnion(bind, joined, refined, r.baseVertices(), r.parents());
        return new SkinnedSurface(bind, refined, r.triangles(), r.influence(), r.weight(), true,
                r.baseVertices(), r.parents());
    }

    /**
     * Pulls the bind positions from vertex {@code from} on that lie further than {@link #UNION_TOLERANCE} outside the
     * capsule union onto it, as posing does (the polygonised smooth-min lies up to 3 mm outside the union of joined
     * pairs where three capsules meet, the armpits among them); with {@code parents}, a vertex from {@code from} on is
     * first put at the midpoint of its two parents (the vertices {@link BlendRefinement} added).
     */
    private static void pullWithinUnion(Body bind, boolean[] joined, double[] xyz, int from, int[] parents) {
        double[] g = new double[4];
        double[] scratch = new double[4 * bind.size()];
        for (int v = from; v < xyz.length / 3; v++) {
            int o = 3 * v;
            if (parents != null) {
                BlendRefinement.midpoint(xyz, v, parents[2 * (v - from)], parents[2 * (v - from) + 1]);
            }
            pull(bind, joined, xyz, o, UNION_TOLERANCE, g, scratch);
        }
    }

    /**
     * Moves the point at {@code o} along the union's gradient until it lies at most {@code allowance} outside
     * (Newton steps, at most {@link #UNION_STEPS}).
     */
    private static void pull(Body body, boolean[] joined, double[] xyz, int o, double allowance, double[] g,
            double[] scratch) {
        for (int step = 0; step < UNION_STEPS; step++) {
            double d = CapsuleUnion.distance(body, joined, DEFAULT_BLEND, xyz[o], xyz[o + 1], xyz[o + 2], g, scratch);
            if (!(d > allowance)) {
                break;
            }
            // a Newton step: the distance falls by the gradient's length per metre (below 1 in the joints' blend)
            double move = (d - allowance) / Math.max(g[3], 0.25);
            xyz[o] -= move * g[0];
            xyz[o + 1] -= move * g[1];
            xyz[o + 2] -= move * g[2];
        }
    }

    /** The smooth union's signed distance (negative inside): polynomial smooth-min folded over the capsules. */
    public static double smoothUnion(Body body, double blend, double x, double y, double z) {
        double d = body.capsule(0).signedDistance(x, y, z);
        for (int i = 1; i < body.size(); i++) {
            double b = body.capsule(i).signedDistance(x, y, z);
            d = smin(d, b, blend);
        }
        return d;
    }

    private static double smin(double a, double b, double k) {
        double diff = Math.abs(a - b);
        if (diff >= k) {
            return Math.min(a, b);
        }
        double h = (k - diff) / k;
        return Math.min(a, b) - h * h * k * 0.25;
    }

    public Body bindPose() {
        return bind;
    }

    public int vertexCount() {
        return positions.length / 3;
    }

    /** Vertex indices, three per triangle, counter-clockwise seen from outside (shared; do not modify). */
    public int[] triangles() {
        return triangles;
    }

    /** The bind-pose vertex positions, xyz interleaved (a copy). */
    public double[] bindPositions() {
        return positions.clone();
    }

    /** The capsules influencing vertex v (up to 4, by decreasing weight; -1 pads). */
    public int[] influences(int v) {
        return Arrays.copyOfRange(influence, v * MAX_INFLUENCES, v * MAX_INFLUENCES + MAX_INFLUENCES);
    }

    /** The skin weights of vertex v, matching {@link #influences(int)}; they sum to 1. */
    public double[] weights(int v) {
        return Arrays.copyOfRange(weight, v * MAX_INFLUENCES, v * MAX_INFLUENCES + MAX_INFLUENCES);
    }

    /**
     * The capsule whose axis sets the estimated roll of capsule c (used when the bone rotations are unknown), or -1
     * when that roll is only the minimal swing.
     */
    public int referenceOf(int c) {
        return reference[c];
    }

    /** Whether posing this body turns capsule c's skin by its bone's rotation (else its roll is estimated). */
    public boolean rollFollowsBone(Body posed, int c) {
        return bindBones[c] != null && posed.capsule(c).bone() != null;
    }

    /**
     * The posed frame of capsule c (9 doubles: midpoint, unit axis, unit roll direction): the bind roll turned by the
     * bone when both bone rotations are known, else estimated from the reference capsule.
     */
    private double[] posedFrame(Body posed, int c) {
        BoneRotation bone = posed.capsule(c).bone();
        if (bindBones[c] != null && bone != null) {
            double[] f = frame(posed, c, -1, null);
            double[] r = bone.turnFrom(bindBones[c], new double[] {bindFrames[c][6], bindFrames[c][7], bindFrames[c][8]});
            // a capsule rigid with its bone has its axis turned the same way; one spanning several joints (the
            // shoulders between the two arms) keeps the bone's roll about its own axis
            double dot = r[0] * f[3] + r[1] * f[4] + r[2] * f[5];
            double rx = r[0] - dot * f[3], ry = r[1] - dot * f[4], rz = r[2] - dot * f[5];
            double l = Math.sqrt(rx * rx + ry * ry + rz * rz);
            if (l > 1e-6) {
                f[6] = rx / l;
                f[7] = ry / l;
                f[8] = rz / l;
                return f;
            }
        }
        return frame(posed, c, reference[c], bindFrames[c]);
    }

    /**
     * Poses the surface: writes the skinned vertex positions for the posed capsules into {@code out} (3 x
     * vertices). The posed body must have the bind pose's capsules (same count, same names, same order).
     */
    public void pose(Body posed, double[] out) {
        if (posed.size() != names.length) {
            throw new IllegalArgumentException(
                    "posed body has " + posed.size() + " capsules, the bind pose " + names.length);
        }
        for (int c = 0; c < names.length; c++) {
            if (!posed.capsule(c).name().equals(names[c])) {
                throw new IllegalArgumentException(
                        "posed capsule " + c + " is " + posed.capsule(c).name() + ", bound as " + names[c]);
            }
        }
        if (out.length < positions.length) {
            throw new IllegalArgumentException("output needs " + positions.length + " doubles");
        }
        if (posed.equals(bind)) {
            System.arraycopy(positions, 0, out, 0, positions.length);
            return;
        }
        double[][] m = new double[names.length][];
        for (int c = 0; c < names.length; c++) {
            m[c] = transform(bindFrames[c], posedFrame(posed, c));
        }
        LinearBlendSkinning.apply(positions, influence, weight, m, out, baseVertices); // the rest: keepWithinUnion
        if (generated) {
            keepWithinUnion(posed, out);
        }
    }

    /**
     * How far outside the union each bind vertex may be posed: {@link #UNION_TOLERANCE}, or its own distance outside
     * the bind pose's union when larger, so the bind pose is posed as itself (a generated surface's polygonised
     * vertices are pulled within the tolerance at the bind pose; those {@link BlendRefinement} added lie at their
     * parents' midpoints, a little further out where the surface is concave).
     */
    private static double[] allowances(Body bind, boolean[] joined, double[] positions) {
        double[] a = new double[positions.length / 3];
        double[] g = new double[3];
        for (int v = 0; v < a.length; v++) {
            double d = CapsuleUnion.distance(bind, joined, DEFAULT_BLEND, positions[3 * v], positions[3 * v + 1],
                    positions[3 * v + 2], g);
            a[v] = Math.max(UNION_TOLERANCE, d);
        }
        return a;
    }

    /**
     * Pulls every posed vertex that linear blend skinning left further outside the posed capsule union ({@link
     * CapsuleUnion}, the surface the solver's cloth collides with) than {@link #UNION_TOLERANCE} (or than it lay
     * outside the bind pose's union) back to that distance along the union's gradient (Newton steps);
     * vertices inside stay where skinning put them; a vertex added by {@link BlendRefinement} is first put at its
     * parents' midpoint. Blending the
     * chest's and the upper arm's transforms left the armpit's vertices up to 46 mm outside both capsules with the arm
     * raised (the demo's jumping jacks), where cloth held outside the union by the solver was inside the drawn and
     * measured mesh.
     */
    private void keepWithinUnion(Body posed, double[] out) {
        double[] g = new double[4]; // with the gradient's length
        double[] scratch = new double[4 * posed.size()];
        int n = positions.length / 3;
        for (int v = 0; v < n; v++) {
            int o = 3 * v;
            if (v >= baseVertices) { // added by the refinement: the midpoint of its parents, posed before it
                BlendRefinement.midpoint(out, v, parents[2 * (v - baseVertices)], parents[2 * (v - baseVertices) + 1]);
            }
            // the union holds each capsule, so a vertex within its allowance of its main capsule is within the union's
            if (posed.capsule(influence[v * MAX_INFLUENCES]).signedDistance(out[o], out[o + 1], out[o + 2]) <= allowance[v]) {
                continue;
            }
            pull(posed, joined, out, o, allowance[v], g, scratch);
        }
    }

    /** A {@link BodySurface} following a motion whose capsules are this surface's bind capsules. */
    public BodySurface over(BodyMotion motion) {
        SkinnedSurface self = this;
        return new BodySurface() {
            @Override
            public int vertexCount() {
                return self.vertexCount();
            }

            @Override
            public int[] triangles() {
                return self.triangles;
            }

            @Override
            public void positionsAt(double t, double[] out) {
                self.pose(motion.poseAt(t), out);
            }

            @Override
            public String toString() {
                return "skinned surface (" + self.vertexCount() + " vertices) over " + motion;
            }
        };
    }

    /** Area-weighted vertex normals (unit, outward) of a triangle mesh, into {@code normals} (3 x vertices). */
    public static void vertexNormals(int[] triangles, double[] positions, float[] normals) {
        double[] acc = new double[positions.length];
        for (int t = 0; t < triangles.length; t += 3) {
            int a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
            double ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1],
                    uz = positions[b + 2] - positions[a + 2];
            double vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1],
                    vz = positions[c + 2] - positions[a + 2];
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            for (int i : new int[] {a, b, c}) {
                acc[i] += nx;
                acc[i + 1] += ny;
                acc[i + 2] += nz;
            }
        }
        for (int i = 0; i < acc.length; i += 3) {
            double len = Math.sqrt(acc[i] * acc[i] + acc[i + 1] * acc[i + 1] + acc[i + 2] * acc[i + 2]);
            double s = len > 0 ? 1 / len : 0;
            normals[i] = (float) (acc[i] * s);
            normals[i + 1] = (float) (acc[i + 1] * s);
            normals[i + 2] = (float) (acc[i + 2] * s);
        }
    }

    // ---- skin weights

    private void computeWeights() {
        int n = positions.length / 3;
        int nc = bind.size();
        double[] d = new double[nc];
        int[] order = new int[nc];
        for (int v = 0; v < n; v++) {
            double x = positions[3 * v], y = positions[3 * v + 1], z = positions[3 * v + 2];
            double dmin = Double.POSITIVE_INFINITY;
            for (int c = 0; c < nc; c++) {
                d[c] = bind.capsule(c).signedDistance(x, y, z);
                dmin = Math.min(dmin, d[c]);
            }
            // the 4 nearest capsule surfaces, ties broken by index (insertion sort over a tiny list)
            int count = 0;
            for (int c = 0; c < nc; c++) {
                int at = count < MAX_INFLUENCES ? count : MAX_INFLUENCES;
                while (at > 0 && d[order[at - 1]] > d[c]) {
                    at--;
                }
                if (at < MAX_INFLUENCES) {
                    int last = Math.min(count, MAX_INFLUENCES - 1);
                    for (int k = last; k > at; k--) {
                        order[k] = order[k - 1];
                    }
                    order[at] = c;
                    count = Math.min(count + 1, MAX_INFLUENCES);
                }
            }
            double sum = 0;
            int base = v * MAX_INFLUENCES;
            int used = 0;
            for (int k = 0; k < count; k++) {
                double s = (d[order[k]] - dmin) / WEIGHT_FALLOFF;
                if (s >= 1) {
                    break;
                }
                double w = (1 - s) * (1 - s) * (1 - s);
                influence[base + used] = order[k];
                weight[base + used] = w;
                sum += w;
                used++;
            }
            for (int k = 0; k < MAX_INFLUENCES; k++) {
                if (k < used) {
                    weight[base + k] /= sum;
                } else {
                    influence[base + k] = -1;
                    weight[base + k] = 0;
                }
            }
        }
    }

    // ---- rigid transforms

    private static int[] chooseReferences(Body b) {
        int nc = b.size();
        boolean[][] touch = new boolean[nc][nc];
        for (int i = 0; i < nc; i++) {
            for (int j = i + 1; j < nc; j++) {
                touch[i][j] = touch[j][i] = touching(b.capsule(i), b.capsule(j));
            }
        }
        int[] ref = new int[nc];
        for (int c = 0; c < nc; c++) {
            double[] u = axis(b.capsule(c));
            // breadth-first over touching capsules: the nearest ring with an axis far from parallel
            int[] dist = new int[nc];
            Arrays.fill(dist, -1);
            dist[c] = 0;
            int[] queue = new int[nc];
            int head = 0, tail = 0;
            queue[tail++] = c;
            int best = -1;
            double bestSine = 0;
            int bestDist = Integer.MAX_VALUE;
            while (head < tail) {
                int q = queue[head++];
                if (dist[q] > bestDist) {
                    break;
                }
                if (q != c) {
                    double s = sine(u, axis(b.capsule(q)));
                    if (s >= MIN_REFERENCE_SINE && s > bestSine) {
                        best = q;
                        bestSine = s;
                        bestDist = dist[q];
                    }
                }
                for (int r = 0; r < nc; r++) {
                    if (touch[q][r] && dist[r] < 0) {
                        dist[r] = dist[q] + 1;
                        queue[tail++] = r;
                    }
                }
            }
            ref[c] = best;
        }
        return ref;
    }

    /** Two capsules touch when some point of one's axis is within its radius (plus 1 cm) of the other. */
    private static boolean touching(Capsule p, Capsule q) {
        final int samples = 16;
        for (int k = 0; k <= samples; k++) {
            double s = (double) k / samples;
            double x = p.ax() + s * (p.bx() - p.ax()), y = p.ay() + s * (p.by() - p.ay()),
                    z = p.az() + s * (p.bz() - p.az());
            double r = p.ra() + s * (p.rb() - p.ra());
            if (q.signedDistance(x, y, z) < r + 0.01) {
                return true;
            }
        }
        return false;
    }

    private static double[] axis(Capsule c) {
        double x = c.bx() - c.ax(), y = c.by() - c.ay(), z = c.bz() - c.az();
        double len = Math.sqrt(x * x + y * y + z * z);
        return len > 0 ? new double[] {x / len, y / len, z / len} : new double[] {0, 1, 0};
    }

    private static double sine(double[] u, double[] w) {
        double x = u[1] * w[2] - u[2] * w[1], y = u[2] * w[0] - u[0] * w[2], z = u[0] * w[1] - u[1] * w[0];
        return Math.sqrt(x * x + y * y + z * z);
    }

    /**
     * A capsule's frame: midpoint, unit axis u, unit roll direction r (perpendicular to u). At the bind pose
     * (bindFrame null) r comes from the reference axis, or any perpendicular. Posed, r comes from the posed
     * reference axis, fading to the bind roll direction swung minimally onto the posed axis when that
     * reference turns parallel to u.
     */
    private static double[] frame(Body b, int c, int ref, double[] bindFrame) {
        Capsule cap = b.capsule(c);
        double[] u = axis(cap);
        double[] f = new double[9];
        f[0] = 0.5 * ((double) cap.ax() + cap.bx());
        f[1] = 0.5 * ((double) cap.ay() + cap.by());
        f[2] = 0.5 * ((double) cap.az() + cap.bz());
        f[3] = u[0];
        f[4] = u[1];
        f[5] = u[2];
        double[] swung = null;
        if (bindFrame != null) {
            swung = swing(new double[] {bindFrame[3], bindFrame[4], bindFrame[5]}, u,
                    new double[] {bindFrame[6], bindFrame[7], bindFrame[8]});
        }
        double rx, ry, rz;
        double len = 0;
        if (ref >= 0) {
            double[] w = axis(b.capsule(ref));
            double dot = w[0] * u[0] + w[1] * u[1] + w[2] * u[2];
            rx = w[0] - dot * u[0];
            ry = w[1] - dot * u[1];
            rz = w[2] - dot * u[2];
            len = Math.sqrt(rx * rx + ry * ry + rz * rz);
        } else {
            rx = ry = rz = 0;
        }
        if (swung == null) {
            if (len < 1e-9) {
                double[] p = anyPerpendicular(u);
                rx = p[0];
                ry = p[1];
                rz = p[2];
            }
        } else if (len < ROLL_FADE) {
            // fade: the posed reference direction counts with weight len/ROLL_FADE (0 when parallel)
            double a = len / ROLL_FADE;
            double s = len > 0 ? a / len : 0;
            rx = rx * s + (1 - a) * swung[0];
            ry = ry * s + (1 - a) * swung[1];
            rz = rz * s + (1 - a) * swung[2];
            double dot = rx * u[0] + ry * u[1] + rz * u[2];
            rx -= dot * u[0];
            ry -= dot * u[1];
            rz -= dot * u[2];
            if (Math.sqrt(rx * rx + ry * ry + rz * rz) < 1e-9) {
                rx = swung[0];
                ry = swung[1];
                rz = swung[2];
            }
        }
        double l = Math.sqrt(rx * rx + ry * ry + rz * rz);
        f[6] = rx / l;
        f[7] = ry / l;
        f[8] = rz / l;
        return f;
    }

    private static double[] anyPerpendicular(double[] u) {
        double[] e = Math.abs(u[0]) < 0.9 ? new double[] {1, 0, 0} : new double[] {0, 1, 0};
        double dot = e[0] * u[0] + e[1] * u[1] + e[2] * u[2];
        double x = e[0] - dot * u[0], y = e[1] - dot * u[1], z = e[2] - dot * u[2];
        double l = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / l, y / l, z / l};
    }

    /** Rotates v by the minimal rotation taking unit u0 onto unit u1 (Rodrigues), then makes it normal to u1. */
    private static double[] swing(double[] u0, double[] u1, double[] v) {
        double cx = u0[1] * u1[2] - u0[2] * u1[1], cy = u0[2] * u1[0] - u0[0] * u1[2],
                cz = u0[0] * u1[1] - u0[1] * u1[0];
        double cos = u0[0] * u1[0] + u0[1] * u1[1] + u0[2] * u1[2];
        double[] r;
        if (cos < -1 + 1e-12) {
            // half turn about an axis perpendicular to u0 (the swing is not unique)
            double[] k = anyPerpendicular(u0);
            double d = 2 * (k[0] * v[0] + k[1] * v[1] + k[2] * v[2]);
            r = new double[] {d * k[0] - v[0], d * k[1] - v[1], d * k[2] - v[2]};
        } else {
            // v cos + (c x v) + c (c.v) / (1 + cos), with c = u0 x u1
            double f = 1 / (1 + cos);
            double cv = cx * v[0] + cy * v[1] + cz * v[2];
            r = new double[] {v[0] * cos + (cy * v[2] - cz * v[1]) + cx * cv * f,
                    v[1] * cos + (cz * v[0] - cx * v[2]) + cy * cv * f,
                    v[2] * cos + (cx * v[1] - cy * v[0]) + cz * cv * f};
        }
        double dot = r[0] * u1[0] + r[1] * u1[1] + r[2] * u1[2];
        r[0] -= dot * u1[0];
        r[1] -= dot * u1[1];
        r[2] -= dot * u1[2];
        double l = Math.sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
        return new double[] {r[0] / l, r[1] / l, r[2] / l};
    }

    /** The rigid map x -> R (x - m0) + m1 with R = F1 F0^T, as a row-major 3x3 and a translation (12 doubles). */
    private static double[] transform(double[] f0, double[] f1) {
        double[] a0 = {f0[3], f0[4], f0[5]}, b0 = {f0[6], f0[7], f0[8]}, c0 = cross(a0, b0);
        double[] a1 = {f1[3], f1[4], f1[5]}, b1 = {f1[6], f1[7], f1[8]}, c1 = cross(a1, b1);
        double[] t = new double[12];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                t[3 * i + j] = a1[i] * a0[j] + b1[i] * b0[j] + c1[i] * c0[j];
            }
        }
        for (int i = 0; i < 3; i++) {
            t[9 + i] = f1[i] - (t[3 * i] * f0[0] + t[3 * i + 1] * f0[1] + t[3 * i + 2] * f0[2]);
        }
        return t;
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    // ---- simplification

    /**
     * Collapses short edges, which marching tetrahedra leaves in great number (crossings near grid points), into
     * their midpoint. A collapse is made only when it keeps the mesh a closed
     * 2-manifold (the link condition), turns no neighbouring triangle by more than 45 degrees and leaves no
     * triangle worse than the quality bound (or than the worst it replaces). Passes over the triangles in index
     * order until nothing collapses: deterministic.
     */
    private static final class Simplifier {
        private final double[] pos;
        private final int[] tri;
        private final boolean[] deadT;
        private final int[][] around; // incident triangles per vertex (may hold dead ones)
        private final int[] aroundCount;
        private double[] outPositions;
        private int[] outTriangles;

        Simplifier(double[] pos, int[] tri) {
            this.pos = pos;
            this.tri = tri;
            int nv = pos.length / 3;
            deadT = new boolean[tri.length / 3];
            aroundCount = new int[nv];
            for (int v : tri) {
                aroundCount[v]++;
            }
            around = new int[nv][];
            for (int v = 0; v < nv; v++) {
                around[v] = new int[Math.max(4, aroundCount[v] * 2)];
                aroundCount[v] = 0;
            }
            for (int t = 0; t < tri.length / 3; t++) {
                for (int k = 0; k < 3; k++) {
                    add(tri[3 * t + k], t);
                }
            }
        }

        private void add(int v, int t) {
            if (aroundCount[v] == around[v].length) {
                around[v] = Arrays.copyOf(around[v], around[v].length * 2);
            }
            around[v][aroundCount[v]++] = t;
        }

        void run(double shortEdge) {
            int[] stamp = new int[pos.length / 3];
            double limit = shortEdge * shortEdge;
            boolean changed = true;
            for (int pass = 1; changed; pass++) {
                changed = false;
                for (int t = 0; t < deadT.length; t++) {
                    for (int k = 0; k < 3 && !deadT[t]; k++) {
                        int a = tri[3 * t + k], b = tri[3 * t + (k + 1) % 3];
                        if (stamp[a] == pass || stamp[b] == pass || dist2(a, b) >= limit) {
                            continue;
                        }
                        if (collapse(a, b)) {
                            stamp[a] = pass;
                            changed = true;
                        }
                    }
                }
            }
        }

        private int[] live(int v) {
            int n = 0;
            int[] out = new int[aroundCount[v]];
            for (int i = 0; i < aroundCount[v]; i++) {
                int t = around[v][i];
                if (!deadT[t]) {
                    out[n++] = t;
                }
            }
            return Arrays.copyOf(out, n);
        }

        private boolean has(int t, int v) {
            return tri[3 * t] == v || tri[3 * t + 1] == v || tri[3 * t + 2] == v;
        }

        /** Collapses b into a, at the edge midpoint, when that is safe. */
        private boolean collapse(int a, int b) {
            int[] ta = live(a);
            int[] tb = live(b);
            int[] shared = new int[2];
            int ns = 0;
            for (int t : tb) {
                if (has(t, a)) {
                    if (ns == 2) {
                        return false;
                    }
                    shared[ns++] = t;
                }
            }
            if (ns != 2) {
                return false;
            }
            // link condition: a and b have exactly the two shared triangles' third vertices as common neighbours
            int common = 0;
            for (int t : ta) {
                for (int k = 0; k < 3; k++) {
                    int v = tri[3 * t + k];
                    if (v != a && v != b && isNeighbour(tb, v) && firstSeen(ta, t, k, v)) {
                        common++;
                    }
                }
            }
            if (common != 2) {
                return false;
            }
            // the midpoint: on edges this short it is within a fraction of a millimetre of the smooth union
            double[] m = {0.5 * (pos[3 * a] + pos[3 * b]), 0.5 * (pos[3 * a + 1] + pos[3 * b + 1]),
                    0.5 * (pos[3 * a + 2] + pos[3 * b + 2])};
            double worstBefore = 1;
            for (int[] ring : new int[][] {ta, tb}) {
                for (int t : ring) {
                    worstBefore = Math.min(worstBefore, quality(t, -1, -1, null));
                }
            }
            double bound = Math.min(MIN_QUALITY, worstBefore);
            for (int[] ring : new int[][] {ta, tb}) {
                for (int t : ring) {
                    if (t == shared[0] || t == shared[1]) {
                        continue;
                    }
                    double[] n0 = normal(t, -1, -1, null);
                    double[] n1 = normal(t, a, b, m);
                    double l0 = Math.sqrt(n0[0] * n0[0] + n0[1] * n0[1] + n0[2] * n0[2]);
                    double l1 = Math.sqrt(n1[0] * n1[0] + n1[1] * n1[1] + n1[2] * n1[2]);
                    if (n0[0] * n1[0] + n0[1] * n1[1] + n0[2] * n1[2] < MIN_NORMAL_COS * l0 * l1
                            || quality(t, a, b, m) < bound) {
                        return false;
                    }
                }
            }
            deadT[shared[0]] = true;
            deadT[shared[1]] = true;
            for (int t : tb) {
                if (deadT[t]) {
                    continue;
                }
                for (int k = 0; k < 3; k++) {
                    if (tri[3 * t + k] == b) {
                        tri[3 * t + k] = a;
                    }
                }
                add(a, t);
            }
            aroundCount[b] = 0;
            pos[3 * a] = m[0];
            pos[3 * a + 1] = m[1];
            pos[3 * a + 2] = m[2];
            return true;
        }

        private boolean isNeighbour(int[] ring, int v) {
            for (int t : ring) {
                if (has(t, v)) {
                    return true;
                }
            }
            return false;
        }

        /** True for the first occurrence of v among the ring's corners (so each neighbour counts once). */
        private boolean firstSeen(int[] ring, int t, int k, int v) {
            for (int u : ring) {
                for (int j = 0; j < 3; j++) {
                    if (u == t && j == k) {
                        return true;
                    }
                    if (tri[3 * u + j] == v) {
                        return false;
                    }
                }
            }
            return true;
        }

        /** The corner positions of t, with a and b (when a >= 0) both at m. */
        private double[] corners(int t, int a, int b, double[] m) {
            double[] c = new double[9];
            for (int k = 0; k < 3; k++) {
                int v = tri[3 * t + k];
                if (a >= 0 && (v == a || v == b)) {
                    System.arraycopy(m, 0, c, 3 * k, 3);
                } else {
                    System.arraycopy(pos, 3 * v, c, 3 * k, 3);
                }
            }
            return c;
        }

        private double[] normal(int t, int a, int b, double[] m) {
            double[] c = corners(t, a, b, m);
            double ux = c[3] - c[0], uy = c[4] - c[1], uz = c[5] - c[2];
            double vx = c[6] - c[0], vy = c[7] - c[1], vz = c[8] - c[2];
            return new double[] {uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
        }

        private double quality(int t, int a, int b, double[] m) {
            double[] c = corners(t, a, b, m);
            double[] n = normal(t, a, b, m);
            double area2 = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]); // twice the area
            double sum = 0;
            for (int k = 0; k < 3; k++) {
                int j = (k + 1) % 3;
                double dx = c[3 * j] - c[3 * k], dy = c[3 * j + 1] - c[3 * k + 1], dz = c[3 * j + 2] - c[3 * k + 2];
                sum += dx * dx + dy * dy + dz * dz;
            }
            return sum > 0 ? 2 * Math.sqrt(3) * area2 / sum : 0;
        }

        private double dist2(int a, int b) {
            double dx = pos[3 * a] - pos[3 * b], dy = pos[3 * a + 1] - pos[3 * b + 1], dz = pos[3 * a + 2] - pos[3 * b + 2];
            return dx * dx + dy * dy + dz * dz;
        }

        /** Live vertices, renumbered in order of first use by the live triangles. */
        double[] positions() {
            compact();
            return outPositions;
        }

        int[] triangles() {
            compact();
            return outTriangles;
        }

        private void compact() {
            if (outTriangles != null) {
                return;
            }
            int[] map = new int[pos.length / 3];
            Arrays.fill(map, -1);
            int nv = 0, nt = 0;
            int[] t2 = new int[tri.length];
            double[] p2 = new double[pos.length];
            for (int t = 0; t < deadT.length; t++) {
                if (deadT[t]) {
                    continue;
                }
                for (int k = 0; k < 3; k++) {
                    int v = tri[3 * t + k];
                    if (map[v] < 0) {
                        map[v] = nv;
                        System.arraycopy(pos, 3 * v, p2, 3 * nv, 3);
                        nv++;
                    }
                    t2[3 * nt + k] = map[v];
                }
                nt++;
            }
            outPositions = Arrays.copyOf(p2, 3 * nv);
            outTriangles = Arrays.copyOf(t2, 3 * nt);
        }
    }

    // ---- marching tetrahedra

    /** Marching tetrahedra over the Kuhn triangulation (6 tetrahedra per cube around its main diagonal). */
    private static final class Polygoniser {
        /** Corner chains 0 -> e_i -> e_i + e_j -> 7 for the 6 axis permutations (corner bits x=1, y=2, z=4). */
        private static final int[][] TETS = {{0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7}, {0, 2, 6, 7}, {0, 4, 5, 7},
                {0, 4, 6, 7}};

        private final int nx, ny, nz;
        private final double ox, oy, oz, h;
        private final double[] field;
        private final int[] edgeVertex; // [gridPoint * 7 + direction - 1] -> vertex, -1 none
        private double[] pos = new double[3 * 4096];
        private int vertices;
        private int[] tris = new int[3 * 8192];
        private int triCount;

        Polygoniser(Body body, double cell, double blend) {
            double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (Capsule c : body.capsules()) {
                double r = Math.max(c.ra(), c.rb());
                double[][] ends = {{c.ax(), c.ay(), c.az()}, {c.bx(), c.by(), c.bz()}};
                for (double[] e : ends) {
                    for (int k = 0; k < 3; k++) {
                        lo[k] = Math.min(lo[k], e[k] - r);
                        hi[k] = Math.max(hi[k], e[k] + r);
                    }
                }
            }
            double pad = blend + 2 * cell;
            h = cell;
            ox = lo[0] - pad;
            oy = lo[1] - pad;
            oz = lo[2] - pad;
            nx = (int) Math.ceil((hi[0] - lo[0] + 2 * pad) / h) + 1;
            ny = (int) Math.ceil((hi[1] - lo[1] + 2 * pad) / h) + 1;
            nz = (int) Math.ceil((hi[2] - lo[2] + 2 * pad) / h) + 1;
            if ((long) nx * ny * nz > 4_000_000L) {
                throw new IllegalArgumentException("cell size " + cell + " m is too small for this body");
            }
            field = new double[nx * ny * nz];
            // no grid value is exactly zero, so every crossing lies strictly inside its edge
            double eps = 1e-9 * h;
            for (int k = 0; k < nz; k++) {
                for (int j = 0; j < ny; j++) {
                    for (int i = 0; i < nx; i++) {
                        double f = smoothUnion(body, blend, ox + i * h, oy + j * h, oz + k * h);
                        field[index(i, j, k)] = Math.abs(f) < eps ? eps : f;
                    }
                }
            }
            edgeVertex = new int[field.length * 7];
            Arrays.fill(edgeVertex, -1);
            int[] corner = new int[8];
            int[] tv = new int[4];
            for (int k = 0; k + 1 < nz; k++) {
                for (int j = 0; j + 1 < ny; j++) {
                    for (int i = 0; i + 1 < nx; i++) {
                        int inside = 0;
                        for (int c = 0; c < 8; c++) {
                            corner[c] = index(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1));
                            if (field[corner[c]] < 0) {
                                inside++;
                            }
                        }
                        if (inside == 0 || inside == 8) {
                            continue;
                        }
                        for (int[] tet : TETS) {
                            tetrahedron(tet, corner, tv);
                        }
                    }
                }
            }
        }

        private int index(int i, int j, int k) {
            return (k * ny + j) * nx + i;
        }

        private void tetrahedron(int[] tet, int[] corner, int[] tv) {
            int in = 0;
            for (int a = 0; a < 4; a++) {
                if (field[corner[tet[a]]] < 0) {
                    in++;
                }
            }
            if (in == 0 || in == 4) {
                return;
            }
            // inside corners first, in tetrahedron order (deterministic)
            int[] ins = new int[4];
            int[] outs = new int[4];
            int ni = 0, no = 0;
            for (int a = 0; a < 4; a++) {
                if (field[corner[tet[a]]] < 0) {
                    ins[ni++] = tet[a];
                } else {
                    outs[no++] = tet[a];
                }
            }
            double[] dir = new double[3]; // from the inside corners' centroid to the outside corners'
            for (int a = 0; a < ni; a++) {
                addCorner(dir, ins[a], -1.0 / ni);
            }
            for (int a = 0; a < no; a++) {
                addCorner(dir, outs[a], 1.0 / no);
            }
            if (ni == 1 || no == 1) {
                int lone = ni == 1 ? ins[0] : outs[0];
                int[] others = ni == 1 ? outs : ins;
                for (int a = 0; a < 3; a++) {
                    tv[a] = crossing(lone, others[a], corner);
                }
                emit(tv[0], tv[1], tv[2], dir);
            } else {
                // quad on edges (i0,o0) (i0,o1) (i1,o1) (i1,o0), split along its shorter diagonal
                int p = crossing(ins[0], outs[0], corner);
                int q = crossing(ins[0], outs[1], corner);
                int r = crossing(ins[1], outs[1], corner);
                int s = crossing(ins[1], outs[0], corner);
                if (dist2(p, r) <= dist2(q, s)) {
                    emit(p, q, r, dir);
                    emit(p, r, s, dir);
                } else {
                    emit(q, r, s, dir);
                    emit(q, s, p, dir);
                }
            }
        }

        private void addCorner(double[] acc, int c, double w) {
            acc[0] += w * (c & 1);
            acc[1] += w * ((c >> 1) & 1);
            acc[2] += w * ((c >> 2) & 1);
        }

        private double dist2(int a, int b) {
            double x = pos[3 * a] - pos[3 * b], y = pos[3 * a + 1] - pos[3 * b + 1], z = pos[3 * a + 2] - pos[3 * b + 2];
            return x * x + y * y + z * z;
        }

        /** The vertex on the tetrahedron edge between cube corners c1 and c2 (shared by every cell using it). */
        private int crossing(int c1, int c2, int[] corner) {
            int lo = Math.min(c1, c2), hi = Math.max(c1, c2); // Kuhn edges join a corner to a superset corner
            int g0 = corner[lo], g1 = corner[hi];
            int key = g0 * 7 + (hi - lo) - 1;
            int v = edgeVertex[key];
            if (v >= 0) {
                return v;
            }
            double f0 = field[g0], f1 = field[g1];
            double t = f0 / (f0 - f1);
            t = Math.max(T_MIN, Math.min(1 - T_MIN, t));
            int i0 = g0 % nx, j0 = (g0 / nx) % ny, k0 = g0 / (nx * ny);
            int i1 = g1 % nx, j1 = (g1 / nx) % ny, k1 = g1 / (nx * ny);
            if (3 * vertices + 3 > pos.length) {
                pos = Arrays.copyOf(pos, pos.length * 2);
            }
            pos[3 * vertices] = ox + h * (i0 + t * (i1 - i0));
            pos[3 * vertices + 1] = oy + h * (j0 + t * (j1 - j0));
            pos[3 * vertices + 2] = oz + h * (k0 + t * (k1 - k0));
            edgeVertex[key] = vertices;
            return vertices++;
        }

        /** Adds a triangle wound so that its normal points along dir (out of the body). */
        private void emit(int a, int b, int c, double[] dir) {
            double ux = pos[3 * b] - pos[3 * a], uy = pos[3 * b + 1] - pos[3 * a + 1], uz = pos[3 * b + 2] - pos[3 * a + 2];
            double vx = pos[3 * c] - pos[3 * a], vy = pos[3 * c + 1] - pos[3 * a + 1], vz = pos[3 * c + 2] - pos[3 * a + 2];
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            if (3 * triCount + 3 > tris.length) {
                tris = Arrays.copyOf(tris, tris.length * 2);
            }
            boolean flip = nx * dir[0] + ny * dir[1] + nz * dir[2] < 0;
            tris[3 * triCount] = a;
            tris[3 * triCount + 1] = flip ? c : b;
            tris[3 * triCount + 2] = flip ? b : c;
            triCount++;
        }

        double[] positions() {
            return Arrays.copyOf(pos, 3 * vertices);
        }

        int[] triangles() {
            return Arrays.copyOf(tris, 3 * triCount);
        }
    }
}
