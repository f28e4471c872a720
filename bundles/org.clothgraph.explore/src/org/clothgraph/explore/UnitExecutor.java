package org.clothgraph.explore;

import java.util.List;

import org.clothgraph.sim.ClothSimulator;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * Places units of work: in threads of this process (the default), in worker processes, or on a cluster. It
 * returns one result per unit in the order of the units; results never depend on where a unit ran. Closing it
 * releases what it holds between rounds (threads, pilot jobs).
 */
public interface UnitExecutor extends AutoCloseable {

    /** Called as each unit starts and finishes (from any thread). */
    interface Progress {
        void started(ExpansionUnit unit);

        void finished(ExpansionUnit unit, ExpansionResult result);
    }

    List<ExpansionResult> runAll(List<ExpansionUnit> units, ClothSimulator simulator, int workers, Progress progress,
            IProgressMonitor monitor);

    @Override
    default void close() {
    }
}
