package org.clothgraph.sim;

import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * The cloth simulator as a black box for the exploration step. Implementations are deterministic: the
 * same inputs give bit-identical states, whatever the thread count. Cancellation through the monitor
 * throws {@link org.eclipse.core.runtime.OperationCanceledException} promptly (within one substep).
 */
public interface ClothSimulator {

    /**
     * Simulates {@code frames} output frames at {@code fps}, starting from {@code initial} at body time
     * {@code startTime}.
     *
     * @throws SimulationFailedException NaN, explosion or timeout: no garbage states are returned
     */
    SimulationResult simulate(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, IProgressMonitor monitor)
            throws SimulationFailedException;

    /** Receives simulated frames one at a time, in order, as they are produced. */
    @FunctionalInterface
    interface FrameSink {
        void frame(int index, ClothState state, double costMillis);

        /**
         * Receives, after the last frame, what the solver did over the span (substeps, contacts and every counted
         * repair), for the run's report. Only the small-step embedded solver counts; others never call it.
         */
        default void finished(SolverCounters counters) {
        }
    }

    /**
     * Streams {@code frames} output frames to {@code sink} as they are simulated, so long paths need not be held
     * in memory. Implementations that keep solver state between frames (contacts, collision history) override
     * this to run one continuous simulation; the default simulates in one call and then delivers.
     */
    default void simulate(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, FrameSink sink, IProgressMonitor monitor)
            throws SimulationFailedException {
        SimulationResult r = simulate(mesh, material, settings, motion, startTime, initial, fps, frames, monitor);
        for (int i = 0; i < frames; i++) {
            sink.frame(i, r.frames().get(i), r.frameCostMillis()[i]);
        }
    }

    /**
     * Receives each simulated frame and returns the state the simulation continues from: the frame as it is
     * stored (rounded, in the frame it is stored in, brought back), so that restarting from a stored state gives
     * exactly the frames of an uninterrupted run.
     */
    @FunctionalInterface
    interface StoringSink {
        ClothState frame(int index, ClothState state, double costMillis);
    }

    /**
     * Like {@link #simulate(ClothMesh, Material, SimulationSettings, BodyMotion, double, ClothState, double, int,
     * FrameSink, IProgressMonitor)}, continuing after every frame from the state the sink returns. Simulators
     * that can do so restart from it exactly ({@link #restartsExactly()}); the default ignores it (a simulator
     * whose restart is only as exact as its own output files).
     */
    default void simulateStored(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, StoringSink sink, IProgressMonitor monitor)
            throws SimulationFailedException {
        simulate(mesh, material, settings, motion, startTime, initial, fps, frames,
                (i, s, ms) -> sink.frame(i, s, ms), monitor);
    }

    /** Garment vertices driven kinematically during one output frame: their positions at its end (x, y, z each). */
    record Drive(int[] vertices, double[] targets) {
        public Drive {
            if (targets.length != 3 * vertices.length) {
                throw new IllegalArgumentException("one target (3 values) per driven vertex");
            }
        }
    }

    /**
     * Decides, before each output frame, which vertices a hand carries during it (grips, {@link HandGrip}), from the
     * state the frame starts from (the state the sink returned, or the initial one).
     */
    @FunctionalInterface
    interface FrameDriver {
        /** The drive of frame {@code index -> index + 1}, or null when every vertex is simulated. */
        Drive drive(int index, ClothState start);
    }

    /**
     * {@link #simulateStored(ClothMesh, Material, SimulationSettings, BodyMotion, double, ClothState, double, int,
     * StoringSink, IProgressMonitor)} with vertices driven as {@code driver} says each frame (null: none). A simulator
     * that cannot drive vertices refuses a driver.
     */
    default void simulateStored(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, StoringSink sink, FrameDriver driver,
            IProgressMonitor monitor) throws SimulationFailedException {
        if (driver != null) {
            throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot drive gripped vertices");
        }
        simulateStored(mesh, material, settings, motion, startTime, initial, fps, frames, sink, monitor);
    }

    /**
     * The body time of output frame {@code frame} of a simulation that starts at {@code startTime}: frame k of a
     * simulation from a frame boundary (startTime within 1e-6 of a whole number of frames) is at (start frame + k) /
     * fps, the time a simulation from 0 gives that frame, so that restarting from a stored state continues with the
     * same body poses bit for bit (start + k / fps differs from (start frame + k) / fps in the last bit, e.g. 5/30 +
     * 6/30 against 11/30, and the cloth from there); otherwise startTime + frame / fps.
     */
    static double frameTime(double startTime, int frame, double fps) {
        double start = startTime * fps;
        double whole = Math.rint(start);
        return Math.abs(start - whole) <= 1e-6 ? (whole + frame) / fps : startTime + frame / fps;
    }

    /** Whether {@link #simulateStored} continues bit-exactly from the stored states. */
    default boolean restartsExactly() {
        return false;
    }

    /**
     * Whether this simulator refuses a start whose cloth crosses itself (a production solver's collision response
     * keeps cloth apart but cannot undo a crossing): the drape before its runs then settles crossing-free
     * ({@link InitialDrape#settingsFor}).
     */
    default boolean needsIntersectionFreeStart() {
        return false;
    }
}
