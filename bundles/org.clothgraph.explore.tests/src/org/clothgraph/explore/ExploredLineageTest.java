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
 * The hood report's starts from an explored graph come from different exploration paths: no start is another's
 * simulation a moment later (within the separation), however far apart their cloth is.
 */
class ExploredLineageTest {
    private static final Pattern STATE = Pattern.compile("^cloth state (\\d+) ");

    @TempDir
    Path dir;

    @Test
    void noStartIsAnotherStartsSimulationAMomentLater() {
        try (Project p = SmallDemo.build(dir.resolve("b"))) {
            SmallDemo.explore(p, 2, 600);
            // the tree of simulated transitions and the frames of each, read here from the stored transitions
            Map<Long, Long> parent = new HashMap<>();
            Map<Long, Integer> frames = new HashMap<>();
            for (ClothTransition t : p.secondary().transitions()) {
                if (!t.merged()) {
                    parent.put(t.to(), t.from());
                    frames.put(t.to(), 1 + t.innerFrames().length);
                }
            }

            // every upright live state a candidate, no distance asked for: only the separation keeps starts apart
            DressingReport.Candidates all = ExploredStart.upright(p, SmallDemo.robe(p), s -> true);
            int n = all.order().size();
            assertEquals(n, DressingReport.pick(all, 10_000, 0, 0).starts().size(), "no separation: every state");
            DressingReport.Picked picked = DressingReport.pick(all, 10_000, 0, 2);
            assertTrue(picked.starts().size() > 1 && picked.starts().size() < n, picked.starts().size() + " of " + n);

            int within = (int) Math.round(2 * all.order().get(0).motion().fps());
            List<Long> ids = picked.starts().stream().map(ExploredLineageTest::state).toList();
            for (long a : ids) {
                for (long b : ids) {
                    if (a != b) {
                        int apart = framesBelow(a, b, parent, frames);
                        assertTrue(apart < 0 || apart > within, "start " + b + " is start " + a + "'s simulation "
                                + apart + " frames later");
                    }
                }
            }
        }
    }

    /** How many frames of simulation b lies below a (-1 when b was not simulated on from a). */
    private static int framesBelow(long a, long b, Map<Long, Long> parent, Map<Long, Integer> frames) {
        int apart = 0;
        Long s = b;
        Set<Long> seen = new HashSet<>();
        while (s != null && seen.add(s)) {
            Long up = parent.get(s);
            if (up == null) {
                return -1;
            }
            apart += frames.get(s);
            if (up == a) {
                return apart;
            }
            s = up;
        }
        return -1;
    }

    private static long state(DressingRun.Start s) {
        Matcher m = STATE.matcher(s.description());
        assertTrue(m.find(), s.description());
        return Long.parseLong(m.group(1));
    }
}
