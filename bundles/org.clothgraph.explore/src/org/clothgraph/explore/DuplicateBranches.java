package org.clothgraph.explore;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.sim.HandGrip;

/**
 * The branches of a round that would simulate exactly the same thing, simulated once. A branch's frames are a
 * function of its simulation input alone (garment, material, settings, the sampled body motion, the start state, the
 * root frames its frames are stored in, the grips, whether frames are classified): the solver is deterministic, so
 * two branches with the same input give the same frames bit for bit, and the second is given the first's frames
 * instead of being simulated again. It happens where the primary graph's motion repeats exactly (the demo's generated
 * kick and throw): the same cloth reaches equal states at nodes a repetition apart, and expansions from them in one
 * round simulate the same thing (docs/EXPLORATION.md, "Identical branches"). The graph is the one it would be without
 * this; only the CPU time differs (a reused branch costs none).
 * <p>
 * The input is compared by its SHA-256 digest over the bytes a worker would be sent (less the unit's id, label, primary
 * nodes and edges, which only say where the frames go). What is compared is a part of a unit ({@link ExpansionUnit#parts}):
 * a branch from the unit's start with the branches that continue it, whose inputs include what it simulates.
 */
final class DuplicateBranches {
    private final List<ExpansionUnit> units;
    /**
     * The parts to simulate, each as a unit of its own: the id of the first unit that has it, and its label with the
     * part's place when that unit has several.
     */
    private final List<ExpansionUnit> distinct = new ArrayList<>();
    /** Per unit, per part: the index into {@link #distinct} of the simulation that gives its frames. */
    private final int[][] source;
    /** Per unit, per part: whether its frames come from another part's simulation. */
    private final boolean[][] reused;

    DuplicateBranches(List<ExpansionUnit> units) {
        this.units = List.copyOf(units);
        source = new int[units.size()][];
        reused = new boolean[units.size()][];
        Map<String, Integer> seen = new HashMap<>();
        for (int u = 0; u < units.size(); u++) {
            ExpansionUnit unit = units.get(u);
            List<ExpansionUnit> parts = unit.parts();
            source[u] = new int[parts.size()];
            reused[u] = new boolean[parts.size()];
            for (int b = 0; b < parts.size(); b++) {
                String key = digest(parts.get(b));
                Integer first = seen.get(key);
                if (first == null) {
                    first = distinct.size();
                    seen.put(key, first);
                    int n = parts.size();
                    distinct.add(new ExpansionUnit(unit.id(), n == 1 ? unit.label()
                            : unit.label() + " (branch " + (b + 1) + " of " + n + ")", unit.classify(),
                            parts.get(b).branches()));
                } else {
                    reused[u][b] = true;
                }
                source[u][b] = first;
            }
        }
    }

    /** The single-part units to simulate, in the order of first appearance. */
    List<ExpansionUnit> distinct() {
        return distinct;
    }

    /** Parts given another's frames. */
    int reusedBranches() {
        int n = 0;
        for (boolean[] r : reused) {
            for (boolean x : r) {
                n += x ? 1 : 0;
            }
        }
        return n;
    }

    /**
     * Every unit's result, in unit order, from the results of {@link #distinct()} (in that order): a unit fails if any
     * of its parts failed; a reused part adds its frames but no CPU or wall time.
     */
    List<ExpansionResult> results(List<ExpansionResult> ran) {
        if (ran.size() != distinct.size()) {
            throw new IllegalArgumentException(ran.size() + " results for " + distinct.size() + " branches");
        }
        List<ExpansionResult> out = new ArrayList<>();
        for (int u = 0; u < units.size(); u++) {
            ExpansionUnit unit = units.get(u);
            List<ExpansionResult> parts = new ArrayList<>();
            for (int b = 0; b < source[u].length; b++) {
                ExpansionResult r = ran.get(source[u][b]);
                parts.add(reused[u][b] ? new ExpansionResult(unit.id(), r.frames(), r.classes(), r.failure(), 0, 0) : r);
            }
            out.add(ExpansionResult.ofParts(unit, parts));
        }
        return out;
    }

    /** Frames given to parts from another part's simulation, given the results of {@link #distinct()}. */
    int reusedFrames(List<ExpansionResult> ran) {
        int n = 0;
        for (int u = 0; u < units.size(); u++) {
            for (int b = 0; b < source[u].length; b++) {
                if (reused[u][b]) {
                    n += ran.get(source[u][b]).frameCount();
                }
            }
        }
        return n;
    }

    private static String digest(ExpansionUnit part) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (DataOutputStream out = new DataOutputStream(new DigestOutputStream(OutputStream.nullOutputStream(), sha))) {
                out.writeBoolean(part.classify());
                out.writeInt(part.branches().size());
                for (ExpansionUnit.Branch b : part.branches()) {
                    b.sim().write(out);
                    Codec.writeDoubles(out, b.roots());
                    out.writeInt(b.grips().size());
                    for (HandGrip g : b.grips()) {
                        g.write(out);
                    }
                    out.writeInt(b.parent());
                }
            }
            return java.util.HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
