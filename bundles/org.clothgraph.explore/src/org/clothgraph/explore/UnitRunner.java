package org.clothgraph.explore;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.HandGrip;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationWorkUnit;
import org.clothgraph.sim.garment.GarmentStateClassifier;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Runs a unit of work with a simulator used as a black box. Every frame is brought into the root frame, rounded
 * to the stored precision, and the simulation continues from exactly that stored state (brought back into the
 * world), so a later expansion that restarts from a stored state reproduces an uninterrupted run bit for bit. The
 * grips a branch carries (a dressing clip's, {@link HandGrip}) are applied to the state each frame starts from, so this
 * holds inside a grip too. A branch that continues another ({@link ExpansionUnit.Branch#parent()}) starts from that
 * branch's last frame as stored, so it gives the frames an expansion from that state would.
 */
public final class UnitRunner {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private UnitRunner() {
    }

    /** Runs the unit; a simulator failure is returned as a failed result, cancellation escapes. */
    public static ExpansionResult run(ExpansionUnit unit, ClothSimulator simulator, IProgressMonitor monitor) {
        long cpu0 = cpuNanos();
        long wall0 = System.nanoTime();
        SubMonitor sub = SubMonitor.convert(monitor, unit.label(), Math.max(1, unit.frames()));
        List<List<ClothState>> frames = new ArrayList<>();
        List<List<String>> classes = new ArrayList<>();
        try {
            for (ExpansionUnit.Branch b : unit.branches()) {
                // a continuation starts from its parent's last frame as stored, as a later expansion from it would
                SimulationWorkUnit s = b.parent() < 0 ? b.sim() : b.startingFrom(last(frames.get(b.parent())));
                GarmentStateClassifier classifier = unit.classify() ? new HoodStateClassifier(s.mesh()) : null;
                List<ClothState> out = new ArrayList<>(s.frames());
                List<String> cls = new ArrayList<>(s.frames());
                ClothState world0 = b.root(0).toWorld(s.initial());
                // the grips of a dressing clip, applied to the state each frame starts from (HandGrip's rule)
                List<HandGrip> grips = b.grips();
                ClothSimulator.FrameDriver driver = grips.isEmpty() ? null : (i, start) -> HandGrip.drive(grips, i, start);
                simulator.simulateStored(s.mesh(), s.material(), s.settings(), s.motion(), s.startTime(), world0, s.fps(),
                        s.frames(), (i, state, ms) -> {
                            RootFrame root = b.root(i + 1);
                            ClothState local = root.toLocal(state);
                            out.add(local);
                            cls.add(classifier == null ? ""
                                    : classifier.name() + "=" + classifier.classify(state,
                                            s.motion().poseAt(ClothSimulator.frameTime(s.startTime(), i + 1, s.fps()))));
                            return root.toWorld(local);
                        }, driver, sub.split(s.frames()));
                frames.add(out);
                classes.add(cls);
            }
        } catch (SimulationFailedException e) {
            return ExpansionResult.failure(unit.id(), e.getMessage(),
                    (cpuNanos() - cpu0) / 1e9, (System.nanoTime() - wall0) / 1e9);
        } catch (RuntimeException e) {
            if (e instanceof org.eclipse.core.runtime.OperationCanceledException) {
                throw e;
            }
            return ExpansionResult.failure(unit.id(), "simulator error: " + e, (cpuNanos() - cpu0) / 1e9,
                    (System.nanoTime() - wall0) / 1e9);
        }
        return new ExpansionResult(unit.id(), frames, classes, null, (cpuNanos() - cpu0) / 1e9,
                (System.nanoTime() - wall0) / 1e9);
    }

    private static ClothState last(List<ClothState> frames) {
        return frames.get(frames.size() - 1);
    }

    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
