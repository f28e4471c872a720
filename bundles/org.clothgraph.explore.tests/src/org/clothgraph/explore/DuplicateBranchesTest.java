package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.XpbdClothSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A round's branch whose simulation input another branch of the round already has is not simulated again: it gets
 * that branch's frames, which are the frames simulating it would give, bit for bit, at no CPU time.
 */
class DuplicateBranchesTest {
    @TempDir
    Path dir;

    /** The embedded simulator, counting the branches it is given. */
    static final class Counting extends FailureTest.FailingSimulator {
        final AtomicInteger branches = new AtomicInteger();

        @Override
        boolean fails(ClothState initial) {
            branches.incrementAndGet();
            return false;
        }
    }

    @Test
    void aBranchTheRoundAlreadyHasIsSimulatedOnceAndGetsTheSameFrames() throws Exception {
        try (Project p = SmallDemo.build(dir.resolve("d")); ThreadUnitExecutor exec = new ThreadUnitExecutor()) {
            Explorer ex = SmallDemo.explorer(p, 2, new XpbdClothSimulator(), exec);
            SmallDemo.Start s = SmallDemo.start(p, ex, 16);
            List<PrimaryEdge> whole = s.run();
            List<PrimaryEdge> part = whole.subList(0, 8);
            long n0 = s.node();
            ClothState start = s.drape();
            // two units of a round: the second has the first's branch again, after a shorter one of its own
            ExpansionUnit one = ex.unitFor(n0, start, List.of(whole));
            ExpansionUnit two = ex.unitFor(n0, start, List.of(part, whole));
            List<ExpansionUnit> units = List.of(one, two);

            DuplicateBranches d = new DuplicateBranches(units);
            assertEquals(2, d.distinct().size(), "the whole path once, the shorter one once");
            assertEquals(1, d.reusedBranches());
            Counting sim = new Counting();
            List<ExpansionResult> ran = exec.runAll(d.distinct(), sim, 2, SmallDemo.QUIET, null);
            assertEquals(2, sim.branches.get(), "three branches, two simulations");
            List<ExpansionResult> results = d.results(ran);
            assertEquals(16, d.reusedFrames(ran), "the reused branch's frames");

            // each unit's result is what simulating all of it gives, bit for bit
            SmallDemo.assertAsAlone(units, results);
            // the reused branch cost nothing: the second unit's CPU time is its shorter branch's alone
            assertEquals(ran.get(1).cpuSeconds(), results.get(1).cpuSeconds());
        }
    }
}
