package org.clothgraph.explore;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.HandGrip;
import org.clothgraph.sim.SimulationWorkUnit;

/**
 * A unit of work of the exploration, self-contained data: the branches one expansion simulates from one start
 * state, each with the garment, material, solver settings, the sampled body motion along its primary path, the
 * start state (root frame) and the root frame of every frame. The same bytes run in a thread of the coordinator,
 * in {@code clothgraph worker --unit FILE}, or on a cluster node, and give the same frames.
 *
 * @param id the unit's id (the merge it expands, or the index of an initialisation branch)
 * @param label what a person reads in the Progress view
 * @param classify whether frames are classified with the garment's hood classifier
 */
public record ExpansionUnit(long id, String label, boolean classify, List<Branch> branches) {
    private static final int MAGIC = 0x43474555; // "CGEU"
    /**
     * 2: each branch carries the grips of the dressing clips it plays ({@link HandGrip}). 3: each branch carries its
     * parent (a branch that continues another's last state, {@link Horizon#expansion}); version 2 is read as all -1.
     */
    private static final int VERSION = 3;

    public ExpansionUnit {
        branches = List.copyOf(branches);
        int root = -1;
        for (int i = 0; i < branches.size(); i++) {
            Branch b = branches.get(i);
            if (b.parent() < 0) {
                root = i;
                continue;
            }
            // a continuation follows its parent, inside the part of the same first branch (depth first)
            if (root < 0 || b.parent() < root || b.parent() >= i) {
                throw new IllegalArgumentException("branch " + i + " continues branch " + b.parent()
                        + ", which is not an earlier branch of its part");
            }
            long[] parentNodes = branches.get(b.parent()).nodes();
            if (parentNodes[parentNodes.length - 1] != b.nodes()[0]) {
                throw new IllegalArgumentException("branch " + i + " starts at primary node " + b.nodes()[0]
                        + ", not where branch " + b.parent() + " ends (" + parentNodes[parentNodes.length - 1] + ")");
            }
        }
    }

    /**
     * One branch: simulate {@code sim.frames()} frames from {@code sim.initial()} (root frame of frame 0) along
     * {@code sim.motion()}; a branch with {@code parent >= 0} instead continues from the last frame of branch
     * {@code parent} of the same unit (known only once that has run: its {@code sim.initial()} is empty).
     * {@code nodes[f]} is the primary node of frame f (-1 inside a blended transition), {@code edges} the primary edges
     * in order, {@code roots} the root frame of every frame (yaw, x, z), {@code grips}
     * the hands holding garment vertices over spans of the branch's frames (the grips of a dressing clip it plays, in
     * the world of {@code sim.motion()}; empty for other clips).
     */
    public record Branch(SimulationWorkUnit sim, long[] nodes, long[] edges, double[] roots, List<HandGrip> grips,
            int parent) {
        public Branch {
            if (parent < -1) {
                throw new IllegalArgumentException("bad parent branch " + parent);
            }
            if ((parent >= 0) != (sim.initial().positions().length == 0)) {
                throw new IllegalArgumentException(parent >= 0 ? "a continuing branch carries a start state"
                        : "a branch without a start state");
            }
            if (nodes.length != sim.frames() + 1 || roots.length != 3 * nodes.length) {
                throw new IllegalArgumentException("branch of " + sim.frames() + " frames needs " + (sim.frames() + 1)
                        + " nodes and root frames");
            }
            grips = List.copyOf(grips);
            for (HandGrip g : grips) {
                if (g.last() > sim.frames()) {
                    throw new IllegalArgumentException("a grip over frames " + g.first() + ".." + g.last()
                            + " outside a branch of " + sim.frames() + " frames");
                }
            }
        }

        /** A branch from the unit's start state. */
        public Branch(SimulationWorkUnit sim, long[] nodes, long[] edges, double[] roots, List<HandGrip> grips) {
            this(sim, nodes, edges, roots, grips, -1);
        }

        /** A branch from the unit's start state, without grips. */
        public Branch(SimulationWorkUnit sim, long[] nodes, long[] edges, double[] roots) {
            this(sim, nodes, edges, roots, List.of(), -1);
        }

        /** This branch's simulation input starting from {@code state} (root frame): how a continuation runs. */
        public SimulationWorkUnit startingFrom(ClothState state) {
            return new SimulationWorkUnit(sim.mesh(), sim.material(), sim.settings(), sim.motion(), sim.startTime(),
                    state, sim.fps(), sim.frames());
        }

        public RootFrame root(int frame) {
            return new RootFrame(roots[3 * frame], roots[3 * frame + 1], roots[3 * frame + 2]);
        }

        public ClothState start() {
            return sim.initial();
        }
    }

    public int frames() {
        int n = 0;
        for (Branch b : branches) {
            n += b.sim().frames();
        }
        return n;
    }

    /**
     * The unit's parts: each branch from the start state with its continuations, a unit of its own (same id, label and
     * classification; parents counted within the part). Parts are independent, so executors may place them apart and
     * put the results back, in part order, with {@link ExpansionResult#ofParts}.
     */
    public List<ExpansionUnit> parts() {
        List<ExpansionUnit> parts = new ArrayList<>();
        int first = 0;
        for (int i = 1; i <= branches.size(); i++) {
            if (i == branches.size() || branches.get(i).parent() < 0) {
                List<Branch> part = new ArrayList<>();
                for (int k = first; k < i; k++) {
                    Branch b = branches.get(k);
                    part.add(b.parent() < 0 ? b
                            : new Branch(b.sim(), b.nodes(), b.edges(), b.roots(), b.grips(), b.parent() - first));
                }
                parts.add(new ExpansionUnit(id, label, classify, part));
                first = i;
            }
        }
        return parts;
    }

    /** Whether branch {@code index} goes on in other branches (its last state stays live). */
    public boolean continues(int index) {
        for (Branch b : branches) {
            if (b.parent() == index) {
                return true;
            }
        }
        return false;
    }

    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeLong(id);
            out.writeUTF(label);
            out.writeBoolean(classify);
            out.writeInt(branches.size());
            for (Branch b : branches) {
                b.sim().write(out);
                Codec.writeLongs(out, b.nodes());
                Codec.writeLongs(out, b.edges());
                Codec.writeDoubles(out, b.roots());
                out.writeInt(b.grips().size());
                for (HandGrip g : b.grips()) {
                    g.write(out);
                }
                out.writeInt(b.parent());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Reads a unit back; anything malformed is an IOException naming what is wrong. */
    public static ExpansionUnit fromBytes(byte[] data) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a ClothGraph unit of work");
        }
        int version = in.readInt();
        if (version != VERSION && version != 2) {
            throw new IOException("unsupported unit of work version " + version + " (this ClothGraph reads " + VERSION + ")");
        }
        long id = in.readLong();
        String label = in.readUTF();
        boolean classify = in.readBoolean();
        int n = in.readInt();
        if (n < 0 || n > 10_000) {
            throw new IOException("bad branch count " + n);
        }
        List<Branch> branches = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                SimulationWorkUnit sim = SimulationWorkUnit.read(in);
                long[] nodes = Codec.readLongs(in);
                long[] edges = Codec.readLongs(in);
                double[] roots = Codec.readDoubles(in);
                int g = in.readInt();
                if (g < 0 || g > 10_000) {
                    throw new IOException("bad grip count " + g);
                }
                List<HandGrip> grips = new ArrayList<>();
                for (int k = 0; k < g; k++) {
                    grips.add(HandGrip.read(in));
                }
                int parent = version >= 3 ? in.readInt() : -1;
                branches.add(new Branch(sim, nodes, edges, roots, grips, parent));
            }
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt unit of work: " + e.getMessage(), e);
        }
        return new ExpansionUnit(id, label, classify, branches);
    }
}
