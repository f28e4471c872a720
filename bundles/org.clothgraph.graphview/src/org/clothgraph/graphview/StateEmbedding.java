package org.clothgraph.graphview;

import java.util.SplittableRandom;

import org.clothgraph.model.Project;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * A two-dimensional embedding of the cloth itself: the two leading principal components, over all states, of each
 * state's cloth shape (root frame, a fixed sample of at most {@link #SAMPLE} vertices, each state's sample taken
 * about its own centroid). The centroid goes because it follows the character's root height (jumps, flips) and
 * carries the rare exploded states metres away, which would otherwise be the leading component; what remains is the
 * shape of the garment, which a fallen or crumpled hood changes everywhere. The directions are global, so a state is
 * offset the same way for the same kind of cloth at every primary node. The class is never read: if hood-up and
 * hood-down states fall apart in the embedding, the cloth put them there.
 * <p>
 * One pass over the frames gathers the sampled positions (n x 3 SAMPLE floats: 154 MB for 100,000 states), then a
 * block power iteration (deterministic start) finds the two leading directions.
 */
public final class StateEmbedding {
    /** Vertices sampled per state. */
    public static final int SAMPLE = 128;
    private static final int ITERATIONS = 30;

    /** Reads the cloth positions of a state (root frame, xyz interleaved). */
    public interface StateFrames {
        int vertexCount();

        void positions(SecondaryGraphSnapshot.State state, float[] out);

        /**
         * The positions of some vertices only: vertex {@code vertices[k]} at {@code out[3k..3k+2]}. Reads the whole
         * state into {@code scratch} (3 x vertexCount floats) unless a source can do better.
         */
        default void sample(SecondaryGraphSnapshot.State state, int[] vertices, float[] scratch, float[] out) {
            positions(state, scratch);
            for (int k = 0; k < vertices.length; k++) {
                System.arraycopy(scratch, 3 * vertices[k], out, 3 * k, 3);
            }
        }
    }

    private final double[][] coords;
    private final double[][] directions;
    private final double[] variance;

    private StateEmbedding(double[][] coords, double[] variance, double[][] directions) {
        this.directions = directions;
        this.coords = coords;
        this.variance = variance;
    }

    /** The frames of a project's states. */
    public static StateFrames frames(Project project, int vertexCount) {
        return new StateFrames() {
            private final float[] vel = new float[3 * vertexCount];

            @Override
            public int vertexCount() {
                return vertexCount;
            }

            @Override
            public synchronized void positions(SecondaryGraphSnapshot.State s, float[] out) {
                project.frames().read(s.frameId(), out, vel);
            }
        };
    }

    public static StateEmbedding compute(SecondaryGraphSnapshot graph, StateFrames frames, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Embedding " + graph.size() + " cloth states", 100);
        int n = graph.size();
        int v = frames.vertexCount();
        int k = Math.min(SAMPLE, v);
        int[] sample = new int[k];
        for (int i = 0; i < k; i++) {
            sample[i] = (int) ((long) i * v / k);
        }
        int d = 3 * k;
        float[][] rows = new float[n][];
        float[] pos = new float[3 * v];
        double[] sum = new double[d];
        SubMonitor read = sub.split(70).setWorkRemaining(n);
        for (int i = 0; i < n; i++) {
            float[] r = new float[d];
            frames.sample(graph.state(i), sample, pos, r);
            aboutCentroid(r);
            rows[i] = r;
            for (int j = 0; j < d; j++) {
                sum[j] += r[j];
            }
            read.split(1);
        }
        // principal components of the shapes about their mean shape
        for (float[] r : rows) {
            for (int j = 0; j < d; j++) {
                r[j] -= (float) (sum[j] / n);
            }
        }
        sub.split(5);
        // block power iteration on R^T R for the two leading directions
        double[][] q = new double[2][d];
        SplittableRandom random = new SplittableRandom(1);
        for (double[] col : q) {
            for (int j = 0; j < d; j++) {
                col[j] = random.nextDouble() - 0.5;
            }
        }
        orthonormalise(q);
        double[] variance = new double[2];
        SubMonitor iterate = sub.split(25).setWorkRemaining(ITERATIONS);
        int chunks = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), n / 2000));
        for (int it = 0; it < ITERATIONS; it++) {
            double[][] current = q;
            // rows split into chunks summed apart (in parallel), then added: R^T (R q)
            double[][][] parts = new double[chunks][][];
            java.util.stream.IntStream.range(0, chunks).parallel().forEach(part -> {
                double[][] acc = new double[2][d];
                for (int i = (int) ((long) n * part / chunks); i < (int) ((long) n * (part + 1) / chunks); i++) {
                    float[] r = rows[i];
                    double p0 = 0, p1 = 0;
                    double[] q0 = current[0], q1 = current[1];
                    for (int j = 0; j < d; j++) {
                        p0 += r[j] * q0[j];
                        p1 += r[j] * q1[j];
                    }
                    double[] a0 = acc[0], a1 = acc[1];
                    for (int j = 0; j < d; j++) {
                        a0[j] += p0 * r[j];
                        a1[j] += p1 * r[j];
                    }
                }
                parts[part] = acc;
            });
            double[][] next = new double[2][d];
            for (double[][] acc : parts) {
                for (int c = 0; c < 2; c++) {
                    for (int j = 0; j < d; j++) {
                        next[c][j] += acc[c][j];
                    }
                }
            }
            for (int c = 0; c < 2; c++) {
                double norm = 0;
                for (double x : next[c]) {
                    norm += x * x;
                }
                variance[c] = Math.sqrt(norm) / Math.max(1, n);
            }
            orthonormalise(next);
            q = next;
            iterate.split(1);
        }
        orient(q);
        double[][] coords = new double[n][2];
        for (int i = 0; i < n; i++) {
            float[] r = rows[i];
            for (int c = 0; c < 2; c++) {
                double p = 0;
                for (int j = 0; j < d; j++) {
                    p += r[j] * q[c][j];
                }
                coords[i][c] = p;
            }
        }
        return new StateEmbedding(coords, variance, q);
    }

    /** Moves xyz-interleaved points so that their centroid is at the origin. */
    static void aboutCentroid(float[] xyz) {
        int k = xyz.length / 3;
        for (int c = 0; c < 3; c++) {
            double m = 0;
            for (int i = c; i < xyz.length; i += 3) {
                m += xyz[i];
            }
            m /= Math.max(1, k);
            for (int i = c; i < xyz.length; i += 3) {
                xyz[i] -= (float) m;
            }
        }
    }

    /**
     * A component's sign is arbitrary: each direction is turned so that its largest entry is positive, so a graph
     * laid out again after exploration added states keeps its bands on the same side of the lanes.
     */
    static void orient(double[][] q) {
        for (double[] col : q) {
            int big = 0;
            for (int j = 1; j < col.length; j++) {
                if (Math.abs(col[j]) > Math.abs(col[big])) {
                    big = j;
                }
            }
            if (col.length > 0 && col[big] < 0) {
                for (int j = 0; j < col.length; j++) {
                    col[j] = -col[j];
                }
            }
        }
    }

    /** Direction c (unit length, over the sampled coordinates). */
    double[] direction(int c) {
        return directions[c].clone();
    }

    private static void orthonormalise(double[][] q) {
        for (int c = 0; c < q.length; c++) {
            for (int b = 0; b < c; b++) {
                double dot = 0;
                for (int j = 0; j < q[c].length; j++) {
                    dot += q[c][j] * q[b][j];
                }
                for (int j = 0; j < q[c].length; j++) {
                    q[c][j] -= dot * q[b][j];
                }
            }
            double norm = 0;
            for (double x : q[c]) {
                norm += x * x;
            }
            norm = Math.sqrt(norm);
            for (int j = 0; j < q[c].length; j++) {
                q[c][j] = norm > 0 ? q[c][j] / norm : 0;
            }
        }
    }

    /** Coordinate c (0 or 1) of state i, metres (a projection of the sampled cloth's deviation). */
    public double coordinate(int i, int c) {
        return coords[i][c];
    }

    /** Variance of the data along each direction (m^2 per state). */
    public double variance(int c) {
        return variance[c];
    }

    public int size() {
        return coords.length;
    }
}
