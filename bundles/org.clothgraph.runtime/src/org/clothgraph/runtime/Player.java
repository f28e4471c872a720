package org.clothgraph.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Walks the secondary graph of a runtime database as a character controller chooses primary edges (Kim et al.
 * 2013, section 5): from the current cloth state, the chosen edge's transition gives the next frames (its inner
 * frames along a blended primary transition, then its target state). Decode = dequantise + B' c'; where a merged
 * transition lands, the jump from the dead end to the target (in coefficient space) is added and decays linearly
 * over the blend window (section 5.1, as {@code MergeBlend} does in position space), overlapping merges adding.
 * The world root transform is accumulated from the primary edges' root motion.
 */
public final class Player implements AutoCloseable {
    private record Merge(float[] jump, float jumpMm, int frame) {
    }

    private final RuntimeDatabase db;
    private final int threads;
    private final ExecutorService pool;
    private final List<Merge> active = new ArrayList<>();
    private final float[] stored;
    private final float[] blended;
    private int state;
    private int transition;
    private int inner;
    private int shown;
    private double baseYaw;
    private double baseX;
    private double baseZ;
    private PlaybackFrame current;
    private boolean decodePositions = true;

    /** @param decodeThreads threads for the reconstruction B' c' (1: the caller's thread) */
    public Player(RuntimeDatabase db, int decodeThreads) {
        this.db = db;
        this.threads = Math.max(1, decodeThreads);
        this.pool = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "cloth decode");
            t.setDaemon(true);
            return t;
        }) : null;
        stored = new float[db.basisSize()];
        blended = new float[db.basisSize()];
        reset();
    }

    public RuntimeDatabase database() {
        return db;
    }

    /** Back to the initial state, standing where its pose stands in its clip. */
    public void reset() {
        active.clear();
        state = db.initialState();
        transition = -1;
        inner = -1;
        shown = 0;
        double[] root = db.nodeRoot(db.primaryNode(state));
        baseYaw = root[0];
        baseX = root[1];
        baseZ = root[2];
        current = decode(db.stateFrame(state), false, root[0], root[1], root[2]);
    }

    public PlaybackFrame current() {
        return current;
    }

    /** The ways on: the outgoing primary edges of the current state's node, or the one way on inside a transition. */
    public List<Choice> choices() {
        List<Choice> out = new ArrayList<>();
        if (transition >= 0) {
            int e = db.transitionEdge(transition);
            long to = db.edgeTarget(e);
            out.add(new Choice(0, to, db.clipOf(to), db.clipFrameOf(to), true));
            return out;
        }
        int[] ts = db.outgoing(state);
        for (int i = 0; i < ts.length; i++) {
            int e = db.transitionEdge(ts[i]);
            long to = db.edgeTarget(e);
            out.add(new Choice(i, to, db.clipOf(to), db.clipFrameOf(to), db.edgeClipChange(e)));
        }
        return out;
    }

    /** Follows choice {@code choiceIndex} of {@link #choices()} and decodes the next frame. */
    public PlaybackFrame advance(int choiceIndex) {
        if (transition < 0) {
            int[] ts = db.outgoing(state);
            if (ts.length == 0) {
                throw new IllegalStateException("state " + state + " has no way on");
            }
            if (choiceIndex < 0 || choiceIndex >= ts.length) {
                throw new IndexOutOfBoundsException("choice " + choiceIndex + " of " + ts.length);
            }
            transition = ts[choiceIndex];
            inner = 0;
        } else {
            if (choiceIndex != 0) {
                throw new IndexOutOfBoundsException("choice " + choiceIndex + " of 1 inside a transition");
            }
            inner++;
        }
        shown++;
        int t = transition;
        int[] innerFrames = db.transitionInnerFrames(t);
        double[] rel = db.edgeRoot(db.transitionEdge(t), inner);
        double c = Math.cos(baseYaw);
        double s = Math.sin(baseYaw);
        double yaw = baseYaw + rel[0];
        double x = baseX + rel[1] * c + rel[2] * s;
        double z = baseZ - rel[1] * s + rel[2] * c;
        if (inner < innerFrames.length) {
            current = decode(innerFrames[inner], false, yaw, x, z);
            return current;
        }
        // landed on the target state
        state = db.transitionTo(t);
        transition = -1;
        inner = -1;
        baseYaw = yaw;
        baseX = x;
        baseZ = z;
        boolean merged = db.transitionMerged(t);
        if (merged) {
            float[] dead = new float[db.basisSize()];
            float[] target = new float[db.basisSize()];
            db.coefficients(db.transitionDeadEndFrame(t), dead);
            db.coefficients(db.stateFrame(state), target);
            for (int i = 0; i < dead.length; i++) {
                dead[i] -= target[i];
            }
            active.add(new Merge(dead, db.transitionJumpMm(t), shown));
        }
        current = decode(db.stateFrame(state), merged, yaw, x, z);
        return current;
    }

    /** Advances {@code frames} frames with the controller's choices; returns the last frame. */
    public PlaybackFrame play(Controller controller, int frames) {
        PlaybackFrame f = current;
        for (int i = 0; i < frames; i++) {
            f = advance(controller.choose(this));
        }
        return f;
    }

    private PlaybackFrame decode(int frame, boolean mergeCrossed, double yaw, double x, double z) {
        long t0 = System.nanoTime();
        db.coefficients(frame, stored);
        System.arraycopy(stored, 0, blended, 0, stored.length);
        double bound = db.frameErrorMm(frame);
        int blend = db.blendFrames();
        active.removeIf(m -> shown - m.frame() >= blend);
        for (Merge m : active) {
            double w = 1.0 - (double) (shown - m.frame()) / blend;
            for (int i = 0; i < blended.length; i++) {
                blended[i] += (float) (w * m.jump()[i]);
            }
            bound += w * m.jumpMm();
        }
        float[] positions = new float[decodePositions ? 3 * db.vertexCount() : 0];
        if (decodePositions && pool != null) {
            db.basis().decode(blended, positions, pool, threads);
        } else if (decodePositions) {
            db.basis().decode(blended, positions);
        }
        long nanos = System.nanoTime() - t0;
        boolean inside = transition >= 0;
        long node = inside ? -1 : db.primaryNode(state);
        long labelNode = inside ? db.edgeTarget(db.transitionEdge(transition)) : node;
        int labelState = inside ? db.transitionTo(transition) : state;
        return new PlaybackFrame(inside ? -1 : state, node, db.clipOf(labelNode),
                inside ? -1 : db.clipFrameOf(node), db.classLabel(labelState), positions, yaw, x, z, bound, nanos,
                mergeCrossed);
    }

    /**
     * Whether frames carry their decoded positions (the default). Off, a frame's positions are empty and only its
     * coefficients are decoded ({@link #coefficients()}): for a caller that reconstructs B' c' itself, on a GPU.
     */
    public void decodePositions(boolean on) {
        decodePositions = on;
    }

    /** The coefficients c' of the current frame, merge blends applied (B' c' is its cloth); a copy. */
    public float[] coefficients() {
        return blended.clone();
    }

    /** Frames shown since the last reset. */
    public int framesShown() {
        return shown;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
