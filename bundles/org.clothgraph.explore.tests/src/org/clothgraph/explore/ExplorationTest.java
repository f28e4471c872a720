package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.clothgraph.model.Aspect;
import org.clothgraph.model.CheckReport;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothStateRecord.Status;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exploration of a small demo: the paper's invariants hold after every commit, on real simulated cloth. */
class ExplorationTest {
    @TempDir
    Path dir;

    @Test
    void noDeadEndsAtAnyCommitAndEveryInvariantHolds() {
        try (Project p = SmallDemo.build(dir.resolve("d"))) {
            List<String> problems = new ArrayList<>();
            int[] commits = { 0 };
            p.addModelChangeListener(change -> {
                if (change.aspects().contains(Aspect.SECONDARY_GRAPH)) {
                    commits[0]++;
                    CheckReport r = p.check(null);
                    if (!r.clean()) {
                        problems.add("after commit " + commits[0] + ": " + r.violations());
                    }
                }
            });
            Explorer.Report r = SmallDemo.explore(p, 2, 700);
            assertTrue(problems.isEmpty(), () -> problems.get(0));
            assertTrue(commits[0] > 20, "checked after " + commits[0] + " commits");
            assertTrue(r.status().simulatedFrames() >= 700, r.toString());
            assertEquals(0, p.summary().deadEnds());

            // every primary node has a live state; every live state has one transition per outgoing primary edge
            Set<Long> covered = new HashSet<>();
            for (ClothStateRecord s : p.secondary().states()) {
                if (s.live()) {
                    covered.add(s.primaryNode());
                }
            }
            assertEquals(p.summary().primaryNodes(), covered.size());
            // merged transitions lead from a state to one at the dead end's primary node; dead ends are kept
            for (MergeRecord m : p.secondary().merges()) {
                ClothTransition t = p.secondary().transition(m.transitionId());
                ClothStateRecord deadEnd = p.secondary().state(m.deadEndState());
                ClothStateRecord target = p.secondary().state(t.to());
                assertTrue(t.merged());
                assertEquals(Status.MERGED, deadEnd.status());
                assertEquals(deadEnd.primaryNode(), target.primaryNode());
                assertTrue(target.live());
                assertTrue(m.plainError() > 0 && m.plainError() < 1, "plain error in metres: " + m.plainError());
            }
            // blended primary transitions carry their in-between frames
            int window = p.primaryGraph().edges().stream().anyMatch(e -> e.kind() == PrimaryEdge.Kind.TRANSITION) ? 1 : 0;
            long withInner = p.secondary().transitions().stream().filter(t -> t.innerFrames().length > 0).count();
            assertTrue(window == 0 || withInner > 0, "simulated blended transitions store their inner frames");
        }
    }

    @Test
    void theWorstMergeErrorFallsAsExplorationGoesOn() {
        try (Project p = SmallDemo.build(dir.resolve("e"))) {
            SmallDemo.explore(p, 2, 400);
            double afterInit = p.secondary().log().get(0).worstError();
            SmallDemo.explore(p, 2, 3000);
            double later = ExplorationStats.of(p).worstError();
            assertTrue(later < afterInit, "worst error " + later * 1000 + " mm, after initialisation " + afterInit * 1000);
        }
    }

    @Test
    void oneAndTwoWorkersGiveTheSameGraphAndFrames() {
        try (Project one = SmallDemo.build(dir.resolve("one")); Project two = SmallDemo.build(dir.resolve("two"))) {
            SmallDemo.explore(one, 1, 500);
            SmallDemo.explore(two, 2, 500);
            String a = SmallDemo.fingerprint(one);
            String b = SmallDemo.fingerprint(two);
            assertFalse(a.isEmpty());
            assertEquals(a, b);
        }
    }

    /** The same with the small-step solver (its contacts, kept candidates and strain passes run on one thread each). */
    @Test
    void oneAndTwoWorkersGiveTheSameGraphAndFramesWithTheSmallStepSolver() {
        try (Project one = SmallDemo.build(dir.resolve("one-xpbd")); Project two = SmallDemo.build(dir.resolve("two-xpbd"))) {
            SmallDemo.explore(one, 1, 300, SmallDemo.smallSteps());
            SmallDemo.explore(two, 2, 300, SmallDemo.smallSteps());
            String a = SmallDemo.fingerprint(one);
            assertFalse(a.isEmpty());
            assertEquals(a, SmallDemo.fingerprint(two));
        }
    }

    @Test
    void stoppingAndContinuingGivesTheSameGraphAsOneRun() {
        try (Project once = SmallDemo.build(dir.resolve("once")); Project twice = SmallDemo.build(dir.resolve("twice"))) {
            SmallDemo.explore(once, 2, 600);
            // the initialisation interrupted halfway, then exploration continued in a new Explorer
            Explorer.Report first = SmallDemo.explore(twice, 2, 100);
            assertEquals(0, twice.summary().secondaryStates(), "the initialisation is staged, not in the graph");
            SmallDemo.explore(twice, 2, 600 - first.framesThisRun());
            assertEquals(SmallDemo.fingerprint(once), SmallDemo.fingerprint(twice));
        }
    }
}
