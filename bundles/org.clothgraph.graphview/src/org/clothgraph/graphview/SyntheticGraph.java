package org.clothgraph.graphview;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.motion.project.PrimaryLaneLayout;

/**
 * A made-up explored graph of any size with cloth-like states, for benchmarks and tests: clips of primary nodes, a
 * few chains of simulated states through each clip, merges at clip ends and along the way. Each state's cloth is a
 * draped sheet computed on demand (nothing stored): its shape follows the pose along the clip, a hood region hangs
 * up or has fallen (a chain's hood falls at some frame and stays down), and every state adds its own smooth wobble
 * and a little noise. The class ({@code hood=UP|DOWN}) is what the cloth shows, as a classifier would report it.
 */
public final class SyntheticGraph {
    /** The graph, its cloth and the primary lanes to place it on. */
    public record Fixture(SecondaryGraphSnapshot graph, StateEmbedding.StateFrames frames, PrimaryLaneLayout lanes) {
    }

    private static final int CLIP_FRAMES = 200;

    private SyntheticGraph() {
    }

    /** About {@code states} states (exactly, when it is a multiple of clips x frames), seeded. */
    public static Fixture of(int states, int vertices, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int clips = Math.max(1, Math.min(20, states / (CLIP_FRAMES * 2)));
        int frames = Math.max(2, Math.min(CLIP_FRAMES, states / clips));
        int chains = Math.max(1, states / (clips * frames));
        Map<Long, String> clipNames = new HashMap<>();
        Map<Long, PrimaryLaneLayout.Lane> lanes = new LinkedHashMap<>();
        int columns = (int) Math.ceil(Math.sqrt(clips / 2.0));
        for (int c = 0; c < clips; c++) {
            ClipInfo info = new ClipInfo(c + 1, "clip" + (c + 1), "clip" + (c + 1) + ".bvh", 30, frames, false);
            clipNames.put(info.id(), info.name());
            lanes.put(info.id(), new PrimaryLaneLayout.Lane(info, (c % columns) * (frames + 60.0),
                    (c / columns) * (PrimaryLaneLayout.LANE_HEIGHT + 50.0), frames, PrimaryLaneLayout.LANE_HEIGHT));
        }
        List<SecondaryGraphSnapshot.State> list = new ArrayList<>(clips * frames * chains);
        List<SecondaryGraphSnapshot.Edge> edges = new ArrayList<>();
        boolean[][] down = new boolean[clips][];
        long transition = 1;
        // state index of (clip, chain, frame)
        for (int c = 0; c < clips; c++) {
            down[c] = new boolean[chains * frames];
            for (int k = 0; k < chains; k++) {
                boolean startsDown = random.nextDouble() < 0.3;
                int falls = random.nextDouble() < 0.35 ? random.nextInt(frames) : Integer.MAX_VALUE;
                for (int f = 0; f < frames; f++) {
                    int i = list.size();
                    boolean d = startsDown || f >= falls;
                    down[c][k * frames + f] = d;
                    long node = (long) c * frames + f + 1;
                    list.add(new SecondaryGraphSnapshot.State(i, i + 1, node, c + 1, f, i + 1, d ? "hood=DOWN" : "hood=UP",
                            true, random.nextInt(40)));
                }
            }
        }
        for (int c = 0; c < clips; c++) {
            int base = c * chains * frames;
            for (int k = 0; k < chains; k++) {
                for (int f = 0; f + 1 < frames; f++) {
                    int a = base + k * frames + f;
                    if (random.nextDouble() < 0.04) {
                        // a dead end along the clip merged into another chain's next state
                        int k2 = random.nextInt(chains);
                        int b = base + k2 * frames + f + 1;
                        edges.add(merge(transition++, a, b, list, random));
                    } else {
                        edges.add(new SecondaryGraphSnapshot.Edge(a, a + 1, transition++, false, 0, false, false, -1));
                    }
                }
                // the clip's end continues into another clip's start
                int last = base + k * frames + frames - 1;
                int c2 = random.nextInt(clips);
                int b = c2 * chains * frames + random.nextInt(chains) * frames;
                edges.add(random.nextDouble() < 0.5
                        ? new SecondaryGraphSnapshot.Edge(last, b, transition++, false, 0, false, false, -1)
                        : merge(transition++, last, b, list, random));
            }
        }
        SecondaryGraphSnapshot graph = new SecondaryGraphSnapshot(list, edges, clipNames, 0);
        int v = Math.max(16, vertices);
        int side = (int) Math.ceil(Math.sqrt(v));
        StateEmbedding.StateFrames cloth = new StateEmbedding.StateFrames() {
            @Override
            public int vertexCount() {
                return v;
            }

            @Override
            public void positions(SecondaryGraphSnapshot.State s, float[] out) {
                boolean down = s.classOf("hood").equals("DOWN");
                for (int j = 0; j < v; j++) {
                    drape(s, side, j, down, out, 3 * j);
                }
            }

            @Override
            public void sample(SecondaryGraphSnapshot.State s, int[] vertices, float[] scratch, float[] out) {
                boolean down = s.classOf("hood").equals("DOWN");
                for (int k = 0; k < vertices.length; k++) {
                    drape(s, side, vertices[k], down, out, 3 * k);
                }
            }
        };
        return new Fixture(graph, cloth, PrimaryLaneLayout.of(lanes));
    }

    private static SecondaryGraphSnapshot.Edge merge(long id, int a, int b, List<SecondaryGraphSnapshot.State> states,
            SplittableRandom random) {
        boolean cross = !states.get(a).classes().equals(states.get(b).classes());
        double error = 20 * -Math.log(1 - random.nextDouble()) + (cross ? 120 : 0);
        return new SecondaryGraphSnapshot.Edge(a, b, id, true, error, cross, random.nextDouble() < 0.02, a);
    }

    /**
     * Vertex j of a sheet hanging from the shoulders, its top rows (the hood) up over the head or fallen onto the
     * back; each vertex computed on its own, so a sample costs only its vertices.
     */
    static void drape(SecondaryGraphSnapshot.State s, int side, int j, boolean hoodDown, float[] out, int at) {
        double phase = 2 * Math.PI * s.clipFrame() / CLIP_FRAMES + s.clipId();
        long seed = s.id() * 0x9E3779B97F4A7C15L;
        double w1 = 0.03 * (unit(seed, 1) - 0.5), w2 = 0.03 * (unit(seed, 2) - 0.5), w3 = 0.02 * (unit(seed, 3) - 0.5);
        double u = (j % side) / (double) (side - 1), t = (j / side) / (double) (side - 1);
        double x = 0.6 * (u - 0.5), y = 1.5 - 1.2 * t, z = 0.12 * Math.sin(phase + 3 * u) * t;
        if (t < 0.2) {
            double h = (0.2 - t) / 0.2;
            // hood: up over the head, or fallen behind the shoulders
            y = hoodDown ? 1.26 - 0.25 * h : 1.26 + 0.35 * h;
            z = hoodDown ? -0.12 - 0.1 * h : 0.05 * h;
        }
        x += w1 * Math.sin(Math.PI * t);
        z += w2 * Math.sin(2 * Math.PI * u) + w3 * t * t;
        long v = seed + 0x632BE59BD9B4E019L * (j + 7);
        out[at] = (float) (x + 0.002 * (unit(v, 4) - 0.5));
        out[at + 1] = (float) (y + 0.002 * (unit(v, 5) - 0.5));
        out[at + 2] = (float) (z + 0.002 * (unit(v, 6) - 0.5));
    }

    /** A deterministic number in [0, 1) from a seed and a stream (SplitMix64's finaliser). */
    private static double unit(long seed, int stream) {
        long z = seed + stream * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }
}
