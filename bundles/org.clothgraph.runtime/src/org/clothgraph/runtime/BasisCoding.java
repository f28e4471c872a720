package org.clothgraph.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;

import org.clothgraph.runtime.internal.RangeCoder;

/**
 * The lossless coding of the quantised basis in a runtime database (docs/RUNTIME.md): each basis vector is a field
 * over the garment mesh, so its value at a vertex is predicted from vertices already coded, in a breadth-first
 * order over the mesh's edges (from the lowest-numbered vertex of each connected part, neighbours by ascending
 * number), per vector by the predictor that suits it (the encoder takes the one whose residuals have the lowest
 * order-0 entropy): the previous vertex in that order, the mean of the coded neighbours, or the mean of the
 * parallelogram predictions a + b - c across the coded triangles' edges. The residuals are range coded with a
 * context made of the residuals' size at the coded neighbours and at the same vertex in the previous vector (half
 * octave buckets), so busy and quiet parts of the garment and of the spectrum are coded with their own statistics.
 */
public final class BasisCoding {
    /** The predictors, as stored (one byte per vector). */
    public static final int PREVIOUS = 0;
    public static final int NEIGHBOURS = 1;
    public static final int PARALLELOGRAM = 2;
    private static final int BUCKETS = 24;
    /**
     * Values one coded byte can hold at most: each value takes at least one modelled bit, which costs at least
     * -log2(2017/2048) = 0.022 bits (the adaptive probabilities stay within 31..2017 of 2048); a reader refuses a
     * header that announces more before it allocates them.
     */
    public static final int MAX_VALUES_PER_BYTE = 400;

    private final int vertices;
    /** order[k]: the k-th vertex coded; earlier neighbours of order[k]: before[beforeStart[k] .. beforeStart[k+1]). */
    private final int[] order;
    private final int[] beforeStart;
    private final int[] before;
    /** parallelograms of order[k]: triples (a, b, c) in para[paraStart[k] .. paraStart[k+1]) */
    private final int[] paraStart;
    private final int[] para;

    /**
     * @throws IOException when a triangle names a vertex outside 0..vertices-1
     */
    public BasisCoding(int vertices, int[] triangles) throws IOException {
        this.vertices = vertices;
        for (int x : triangles) {
            if (x < 0 || x >= vertices) {
                throw new IOException("triangle vertex " + x + " outside 0.." + (vertices - 1));
            }
        }
        // adjacency (CSR, sorted, unique)
        int[] degree = new int[vertices + 1];
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                degree[triangles[t + k]] += 2;
            }
        }
        int[] start = new int[vertices + 1];
        for (int v = 0; v < vertices; v++) {
            start[v + 1] = start[v] + degree[v];
        }
        int[] adj = new int[start[vertices]];
        int[] fill = Arrays.copyOf(start, vertices);
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int a = triangles[t + k];
                adj[fill[a]++] = triangles[t + (k + 1) % 3];
                adj[fill[a]++] = triangles[t + (k + 2) % 3];
            }
        }
        int[] nStart = new int[vertices + 1];
        int[] neighbours = new int[adj.length];
        int m = 0;
        for (int v = 0; v < vertices; v++) {
            int[] row = Arrays.copyOfRange(adj, start[v], start[v + 1]);
            Arrays.sort(row);
            nStart[v] = m;
            for (int k = 0; k < row.length; k++) {
                if (row[k] != v && (k == 0 || row[k] != row[k - 1])) {
                    neighbours[m++] = row[k];
                }
            }
        }
        nStart[vertices] = m;
        // breadth-first order
        order = new int[vertices];
        int[] rank = new int[vertices];
        Arrays.fill(rank, -1);
        int next = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int s = 0; s < vertices; s++) {
            if (rank[s] >= 0) {
                continue;
            }
            rank[s] = next;
            order[next++] = s;
            queue.add(s);
            while (!queue.isEmpty()) {
                int x = queue.poll();
                for (int k = nStart[x]; k < nStart[x + 1]; k++) {
                    int y = neighbours[k];
                    if (rank[y] < 0) {
                        rank[y] = next;
                        order[next++] = y;
                        queue.add(y);
                    }
                }
            }
        }
        beforeStart = new int[vertices + 1];
        int[] b = new int[m];
        int nb = 0;
        for (int k = 0; k < vertices; k++) {
            int x = order[k];
            beforeStart[k] = nb;
            for (int j = nStart[x]; j < nStart[x + 1]; j++) {
                if (rank[neighbours[j]] < k) {
                    b[nb++] = neighbours[j];
                }
            }
        }
        beforeStart[vertices] = nb;
        before = Arrays.copyOf(b, nb);
        // parallelograms: triangle (x, a, b) with a, b coded before x; c the third vertex of another triangle on
        // edge ab, coded before x (the first such triangle in file order)
        int[][] perVertex = new int[vertices][];
        int[] count = new int[vertices];
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int x = triangles[t + k];
                int a = triangles[t + (k + 1) % 3];
                int c2 = triangles[t + (k + 2) % 3];
                if (rank[a] < rank[x] && rank[c2] < rank[x]) {
                    count[x]++;
                }
            }
        }
        // edge -> the first two triangles on it, in file order
        java.util.Map<Long, int[]> onEdge = new java.util.HashMap<>();
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int[] two = onEdge.computeIfAbsent(edgeKey(triangles[t + (k + 1) % 3], triangles[t + (k + 2) % 3]),
                        e -> new int[] { -1, -1 });
                if (two[0] < 0) {
                    two[0] = t / 3;
                } else if (two[1] < 0 && two[0] != t / 3) {
                    two[1] = t / 3;
                }
            }
        }
        for (int v = 0; v < vertices; v++) {
            perVertex[v] = new int[3 * count[v]];
            count[v] = 0;
        }
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            for (int k = 0; k < 3; k++) {
                int x = triangles[t + k];
                int a = triangles[t + (k + 1) % 3];
                int c2 = triangles[t + (k + 2) % 3];
                if (rank[a] >= rank[x] || rank[c2] >= rank[x]) {
                    continue;
                }
                int opposite = -1;
                for (int other : onEdge.get(edgeKey(a, c2))) {
                    if (other < 0 || other == t / 3) {
                        continue;
                    }
                    for (int j = 0; j < 3; j++) {
                        int c = triangles[3 * other + j];
                        if (c != a && c != c2 && c != x && rank[c] < rank[x]) {
                            opposite = c;
                        }
                    }
                    break;
                }
                if (opposite >= 0) {
                    int[] p = perVertex[x];
                    p[count[x]++] = a;
                    p[count[x]++] = c2;
                    p[count[x]++] = opposite;
                }
            }
        }
        paraStart = new int[vertices + 1];
        int total = 0;
        for (int k = 0; k < vertices; k++) {
            paraStart[k] = total;
            total += count[order[k]];
        }
        paraStart[vertices] = total;
        para = new int[total];
        for (int k = 0; k < vertices; k++) {
            System.arraycopy(perVertex[order[k]], 0, para, paraStart[k], count[order[k]]);
        }
    }

    private static long edgeKey(int a, int b) {
        return a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
    }

    /** The prediction of q[3 order[k] + c] from the values coded before it. */
    private int predict(short[] q, int k, int c, int kind) {
        if (kind == PARALLELOGRAM && paraStart[k + 1] > paraStart[k]) {
            long sum = 0;
            int n = (paraStart[k + 1] - paraStart[k]) / 3;
            for (int p = paraStart[k]; p < paraStart[k + 1]; p += 3) {
                sum += q[3 * para[p] + c] + q[3 * para[p + 1] + c] - q[3 * para[p + 2] + c];
            }
            return (int) Math.floorDiv(2 * sum + n, 2L * n);
        }
        if (kind == PREVIOUS) {
            return k > 0 ? q[3 * order[k - 1] + c] : 0;
        }
        int n = beforeStart[k + 1] - beforeStart[k];
        if (n == 0) {
            return k > 0 ? q[3 * order[k - 1] + c] : 0;
        }
        long sum = 0;
        for (int p = beforeStart[k]; p < beforeStart[k + 1]; p++) {
            sum += q[3 * before[p] + c];
        }
        return (int) Math.floorDiv(2 * sum + n, 2L * n);
    }

    private int context(int[] size, int[] previousSize, int k, int c) {
        long sum = 0;
        int n = beforeStart[k + 1] - beforeStart[k];
        for (int p = beforeStart[k]; p < beforeStart[k + 1]; p++) {
            sum += size[3 * before[p] + c];
        }
        return bucket(sum, n) * BUCKETS + bucket(previousSize[3 * order[k] + c], 1);
    }

    /** Half-octave buckets of the mean of {@code count} magnitudes summing to {@code sum}; 0 when none. */
    static int bucket(long sum, int count) {
        if (count == 0) {
            return 0;
        }
        long m4 = (4 * sum + count / 2) / count;
        if (m4 == 0) {
            return 1;
        }
        int lg = 63 - Long.numberOfLeadingZeros(m4);
        int half = lg > 0 ? (int) ((m4 >>> (lg - 1)) & 1) : 0;
        return Math.min(BUCKETS - 1, 2 + 2 * lg + half);
    }

    /**
     * Codes the vectors {@code q[i]} (3 x vertices values each, within 16 bits): b predictor bytes, then the
     * range-coded residuals, vector by vector in the mesh order.
     */
    public byte[] encode(short[][] q) {
        int rows = 3 * vertices;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] kinds = new int[q.length];
        int[] residual = new int[rows];
        for (int i = 0; i < q.length; i++) {
            double best = Double.POSITIVE_INFINITY;
            for (int kind = PREVIOUS; kind <= PARALLELOGRAM; kind++) {
                for (int k = 0; k < vertices; k++) {
                    for (int c = 0; c < 3; c++) {
                        residual[3 * k + c] = q[i][3 * order[k] + c] - predict(q[i], k, c, kind);
                    }
                }
                double bits = entropy(residual);
                if (bits < best) {
                    best = bits;
                    kinds[i] = kind;
                }
            }
            out.write(kinds[i]);
        }
        RangeCoder.Encoder enc = new RangeCoder.Encoder();
        RangeCoder.Model model = new RangeCoder.Model(BUCKETS * BUCKETS);
        int[] size = new int[rows];
        int[] previousSize = new int[rows];
        for (int i = 0; i < q.length; i++) {
            for (int k = 0; k < vertices; k++) {
                int x = order[k];
                for (int c = 0; c < 3; c++) {
                    int r = q[i][3 * x + c] - predict(q[i], k, c, kinds[i]);
                    enc.put(model, context(size, previousSize, k, c), r);
                    size[3 * x + c] = Math.abs(r);
                }
            }
            int[] t = previousSize;
            previousSize = size;
            size = t;
        }
        byte[] coded = enc.finish();
        out.write(coded, 0, coded.length);
        return out.toByteArray();
    }

    /**
     * Decodes what {@link #encode} wrote for vectors of the given bit depths.
     *
     * @throws IOException when the bytes are not such a stream (a value outside its vector's bits, a predictor
     *                     unknown, the stream shorter or longer than the values)
     */
    public short[][] decode(byte[] data, int offset, int length, int[] bits) throws IOException {
        int b = bits.length;
        int rows = 3 * vertices;
        if (length < b + 5) {
            throw new IOException("basis stream of " + length + " bytes for " + b + " vectors");
        }
        int[] kinds = new int[b];
        for (int i = 0; i < b; i++) {
            kinds[i] = data[offset + i];
            if (kinds[i] < PREVIOUS || kinds[i] > PARALLELOGRAM) {
                throw new IOException("vector " + i + ": unknown predictor " + kinds[i]);
            }
        }
        RangeCoder.Decoder dec = new RangeCoder.Decoder(data, offset + b, offset + length);
        RangeCoder.Model model = new RangeCoder.Model(BUCKETS * BUCKETS);
        short[][] q = new short[b][rows];
        int[] size = new int[rows];
        int[] previousSize = new int[rows];
        for (int i = 0; i < b; i++) {
            int limit = bits[i] == 8 ? 127 : 32767;
            short[] v = q[i];
            for (int k = 0; k < vertices; k++) {
                int x = order[k];
                for (int c = 0; c < 3; c++) {
                    int r = dec.get(model, context(size, previousSize, k, c));
                    int value = predict(v, k, c, kinds[i]) + r;
                    if (value > limit || value < -limit) {
                        throw new IOException("vector " + i + " row " + (3 * x + c) + " outside its " + bits[i]
                                + "-bit range");
                    }
                    v[3 * x + c] = (short) value;
                    size[3 * x + c] = Math.abs(r);
                }
            }
            int[] t = previousSize;
            previousSize = size;
            size = t;
        }
        if (!dec.atEnd()) {
            throw new IOException("basis stream length does not match its values");
        }
        return q;
    }

    private static double entropy(int[] values) {
        int[] sorted = values.clone();
        Arrays.sort(sorted);
        double bits = 0;
        int run = 1;
        for (int k = 1; k <= sorted.length; k++) {
            if (k < sorted.length && sorted[k] == sorted[k - 1]) {
                run++;
            } else {
                bits -= run * Math.log((double) run / sorted.length);
                run = 1;
            }
        }
        return bits;
    }
}
