package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.clothgraph.cloth.DressingReport;
import org.clothgraph.cloth.DressingRun;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hood report's starts from an explored graph come from different exploration paths: never two states of one
 * continuous simulation (one branch between forks of the graph), however far apart their cloth is.
 */
class ExploredBranchTest {
    private static final Pattern STATE = Pattern.compile("^cloth state (\\d+) ");

    @TempDir
    Path dir;

    @Test
    void theReportTakesOneStartFromEachBranch() {
        try (Project p = SmallDemo.build(dir.resolve("b"))) {
            SmallDemo.explore(p, 2, 600);
            // the tree of simulated transitions, read here from the stored transitions
            Map<Long, Long> parent = new HashMap<>();
            Map<Long, Integer> children = new HashMap<>();
            for (ClothTransition t : p.secondary().transitions()) {
                if (!t.merged()) {
                    parent.put(t.to(), t.from());
                    children.merge(t.from(), 1, Integer::sum);
                }
            }
            assertTrue(children.values().stream().anyMatch(n -> n > 1), "the exploration forks somewhere");

            // every upright live state a candidate, no distance asked for: only the branch rule keeps starts apart
            DressingReport.Candidates all = ExploredStart.upright(p, SmallDemo.robe(p), s -> true);
            Set<String> paths = new HashSet<>();
            all.order().forEach(c -> paths.add(c.path()));
            assertTrue(paths.size() > 1 && paths.size() < all.order().size(), paths.size() + " branches, "
                    + all.order().size() + " states");
            DressingReport.Picked picked = DressingReport.pick(all, 10_000, 0);
            assertEquals(paths.size(), picked.starts().size(), "one start from each branch");

            List<Long> ids = picked.starts().stream().map(ExploredBranchTest::state).toList();
            for (long a : ids) {
                for (long b : ids) {
                    if (a != b) {
                        assertTrue(forkBetween(a, b, parent, children), "start " + b + " continues the simulation of "
                                + "start " + a + " along one path, with no choice of motion between them");
                    }
                }
            }
        }
    }

    /** Whether, if b was simulated on from a, some state from a (inclusive) to b continued along two edges. */
    private static boolean forkBetween(long a, long b, Map<Long, Long> parent, Map<Long, Integer> children) {
        boolean fork = false;
        Long s = b;
        Set<Long> seen = new HashSet<>();
        while (s != null && seen.add(s)) {
            Long up = parent.get(s);
            if (up == null) {
                return true; // a is not on b's way from the drape
            }
            fork |= children.get(up) > 1;
            if (up == a) {
                return fork;
            }
            s = up;
        }
        return true;
    }

    private static long state(DressingRun.Start s) {
        Matcher m = STATE.matcher(s.description());
        assertTrue(m.find(), s.description());
        return Long.parseLong(m.group(1));
    }
}
