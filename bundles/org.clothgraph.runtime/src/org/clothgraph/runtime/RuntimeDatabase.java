package org.clothgraph.runtime;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One runtime database file, opened read-only (format in docs/RUNTIME.md): the primary graph with the root motion
 * of every edge, the secondary states and transitions, the merge jumps in coefficient space, the quantised basis
 * and the per-frame coefficients in LZMA2 blocks. Every part is checked (CRC-32C, structure) when opened; the
 * coefficient blocks are inflated on demand, so any state is reached without reading the others.
 */
public final class RuntimeDatabase implements AutoCloseable {
    private static final int CACHED_BLOCKS = 16;

    private final Path file;
    private final long fileBytes;
    // meta
    private String garment;
    private int vertexCount;
    private int basisSize;
    private int blendFrames;
    private double fps;
    private float toleranceMm;
    private String producer;
    // mesh
    private int[] triangles;
    // graph
    private String[] clips;
    private String[] classes;
    private long[] nodeId;
    private int[] nodeClip;
    private int[] nodeClipFrame;
    private double[] nodeRoot;
    private final Map<Long, Integer> nodeIndex = new HashMap<>();
    private long[] edgeId;
    private int[] edgeFrom;
    private int[] edgeTo;
    private int[] edgeKind;
    private float[][] edgeRoots;
    private long[] stateId;
    private int[] stateNode;
    private int[] stateClass;
    private int[] stateFrame;
    private int initialState;
    private int[] trFrom;
    private int[] trTo;
    private int[] trEdge;
    private boolean[] trMerged;
    private int[][] trInner;
    private int[] trDeadEnd;
    private float[] trJumpMm;
    private int[][] stateOut;
    // frames
    private int[] framePred;
    private float[] frameErrorMm;
    private int[] blockFirst;
    private int[] blockOffset;
    private int[] blockLength;
    private int[] blockRaw;
    // basis and coefficients
    private float[] coefficientSteps;
    private QuantisedBasis basis;
    private byte[] coefficients;
    private final Map<Integer, short[][]> cache = new LinkedHashMap<>(CACHED_BLOCKS, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, short[][]> eldest) {
            return size() > CACHED_BLOCKS;
        }
    };

    private RuntimeDatabase(Path file, long fileBytes) {
        this.file = file;
        this.fileBytes = fileBytes;
    }

    /** Opens and checks a runtime database; a foreign, truncated or corrupt file is refused naming the part. */
    @SuppressWarnings("resource") // returned open to the caller
    public static RuntimeDatabase open(Path file) throws RuntimeDatabaseException {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new RuntimeDatabaseException(file, "header", "no such file");
        } catch (IOException e) {
            throw new RuntimeDatabaseException(file, "header", "cannot read: " + e.getMessage(), e);
        }
        RuntimeDatabase db = new RuntimeDatabase(file, all.length);
        Map<String, byte[]> parts = db.parts(all);
        String part = null;
        try {
            for (String name : RuntimeFormat.PARTS) {
                part = name;
                byte[] p = parts.get(name);
                if (p == null) {
                    throw new RuntimeDatabaseException(file, name, "missing");
                }
                db.parse(name, p);
            }
            part = "graph";
            db.validate();
        } catch (RuntimeDatabaseException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new RuntimeDatabaseException(file, part, "unreadable (" + e.getMessage() + ")", e);
        }
        return db;
    }

    private Map<String, byte[]> parts(byte[] all) throws RuntimeDatabaseException {
        byte[] magic = RuntimeFormat.MAGIC;
        if (all.length < magic.length + 8 || !Arrays.equals(Arrays.copyOf(all, magic.length), magic)) {
            throw new RuntimeDatabaseException(file, "header", "not a ClothGraph runtime database (wrong magic)");
        }
        Map<String, byte[]> parts = new HashMap<>();
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(all));
            in.skipNBytes(magic.length);
            int version = in.readInt();
            if (version != RuntimeFormat.VERSION) {
                throw new RuntimeDatabaseException(file, "header", "format version " + version + ", this reader reads "
                        + RuntimeFormat.VERSION);
            }
            int count = in.readInt();
            if (count < 1 || count > 64) {
                throw new RuntimeDatabaseException(file, "header", "implausible part count " + count);
            }
            String[] names = new String[count];
            long[] offsets = new long[count];
            long[] lengths = new long[count];
            int[] crcs = new int[count];
            for (int i = 0; i < count; i++) {
                names[i] = in.readUTF();
                offsets[i] = in.readLong();
                lengths[i] = in.readLong();
                crcs[i] = in.readInt();
            }
            int headerLength = all.length - in.available();
            int headerCrc = in.readInt();
            if (headerCrc != RuntimeFormat.crc(all, 0, headerLength)) {
                throw new RuntimeDatabaseException(file, "header", "checksum mismatch (corrupt)");
            }
            for (int i = 0; i < count; i++) {
                if (offsets[i] < headerLength + 4 || lengths[i] < 0 || offsets[i] + lengths[i] > all.length) {
                    throw new RuntimeDatabaseException(file, names[i], "truncated (needs bytes " + offsets[i] + ".."
                            + (offsets[i] + lengths[i]) + " of a " + all.length + "-byte file)");
                }
                if (RuntimeFormat.crc(all, (int) offsets[i], (int) lengths[i]) != crcs[i]) {
                    throw new RuntimeDatabaseException(file, names[i], "checksum mismatch (corrupt)");
                }
                parts.put(names[i], Arrays.copyOfRange(all, (int) offsets[i], (int) (offsets[i] + lengths[i])));
            }
        } catch (RuntimeDatabaseException e) {
            throw e;
        } catch (IOException e) {
            throw new RuntimeDatabaseException(file, "header", "truncated (" + e.getMessage() + ")", e);
        }
        return parts;
    }

    private void parse(String name, byte[] p) throws IOException {
        switch (name) {
        case RuntimeFormat.META -> {
            DataInputStream in = RuntimeFormat.unpackPart(p);
            garment = in.readUTF();
            vertexCount = in.readInt();
            basisSize = in.readInt();
            blendFrames = in.readInt();
            fps = in.readDouble();
            toleranceMm = in.readFloat();
            producer = in.readUTF();
        }
        case RuntimeFormat.MESH -> {
            DataInputStream in = RuntimeFormat.unpackPart(p);
            triangles = new int[3 * count(in, 1 << 26, 12)];
            for (int i = 0; i < triangles.length; i++) {
                triangles[i] = index(in.readInt(), vertexCount, "triangle vertex");
            }
        }
        case RuntimeFormat.GRAPH -> parseGraph(RuntimeFormat.unpackPart(p));
        case RuntimeFormat.FRAMES -> {
            DataInputStream in = RuntimeFormat.unpackPart(p);
            int n = count(in, 1 << 28, 8);
            framePred = new int[n];
            frameErrorMm = new float[n];
            for (int f = 0; f < n; f++) {
                framePred[f] = in.readInt();
                frameErrorMm[f] = in.readFloat();
            }
            int blocks = count(in, n + 1, 16);
            blockFirst = new int[blocks + 1];
            blockOffset = new int[blocks];
            blockLength = new int[blocks];
            blockRaw = new int[blocks];
            for (int k = 0; k < blocks; k++) {
                blockFirst[k] = in.readInt();
                blockOffset[k] = in.readInt();
                blockLength[k] = in.readInt();
                blockRaw[k] = in.readInt();
            }
            blockFirst[blocks] = n;
        }
        case RuntimeFormat.BASIS -> {
            DataInputStream in = RuntimeFormat.unpackPart(p);
            int rows = in.readInt();
            int vectors = in.readInt();
            if (rows != 3L * vertexCount || vectors != basisSize || rows <= 0 || vectors <= 0) {
                throw new IOException(rows + " x " + vectors + " basis for " + vertexCount + " vertices, "
                        + basisSize + " vectors");
            }
            int[] bits = new int[vectors];
            float[] steps = new float[vectors];
            coefficientSteps = new float[vectors];
            for (int i = 0; i < vectors; i++) {
                bits[i] = in.readByte();
                steps[i] = in.readFloat();
                coefficientSteps[i] = in.readFloat();
                if (bits[i] != 8 && bits[i] != 16) {
                    throw new IOException("vector " + i + " has " + bits[i] + " bits");
                }
            }
            byte[] rest = in.readAllBytes();
            if ((long) rows * vectors > BasisCoding.MAX_VALUES_PER_BYTE * (long) rest.length) {
                throw new IOException(rows + " x " + vectors + " basis values cannot be coded in " + rest.length
                        + " bytes");
            }
            short[][] q = new BasisCoding(vertexCount, triangles).decode(rest, 0, rest.length, bits);
            basis = QuantisedBasis.of(rows, bits, steps, q);
        }
        case RuntimeFormat.COEFFICIENTS -> coefficients = p;
        default -> throw new IOException("unknown part");
        }
    }

    private void parseGraph(DataInputStream in) throws IOException {
        clips = new String[count(in, 1 << 20, 2)];
        for (int i = 0; i < clips.length; i++) {
            clips[i] = in.readUTF();
        }
        classes = new String[count(in, 1 << 20, 2)];
        for (int i = 0; i < classes.length; i++) {
            classes[i] = in.readUTF();
        }
        int nodes = count(in, 1 << 26, 40);
        nodeId = new long[nodes];
        nodeClip = new int[nodes];
        nodeClipFrame = new int[nodes];
        nodeRoot = new double[3 * nodes];
        for (int i = 0; i < nodes; i++) {
            nodeId[i] = in.readLong();
            nodeClip[i] = index(in.readInt(), clips.length, "clip");
            nodeClipFrame[i] = in.readInt();
            nodeRoot[3 * i] = in.readDouble();
            nodeRoot[3 * i + 1] = in.readDouble();
            nodeRoot[3 * i + 2] = in.readDouble();
            nodeIndex.put(nodeId[i], i);
        }
        int edges = count(in, 1 << 26, 21);
        edgeId = new long[edges];
        edgeFrom = new int[edges];
        edgeTo = new int[edges];
        edgeKind = new int[edges];
        edgeRoots = new float[edges][];
        for (int e = 0; e < edges; e++) {
            edgeId[e] = in.readLong();
            edgeFrom[e] = index(in.readInt(), nodes, "node");
            edgeTo[e] = index(in.readInt(), nodes, "node");
            edgeKind[e] = in.readByte();
            int frames = count(in, 1 << 16, 12);
            edgeRoots[e] = new float[3 * frames];
            for (int k = 0; k < 3 * frames; k++) {
                edgeRoots[e][k] = in.readFloat();
            }
        }
        int states = count(in, 1 << 28, 20);
        stateId = new long[states];
        stateNode = new int[states];
        stateClass = new int[states];
        stateFrame = new int[states];
        for (int s = 0; s < states; s++) {
            stateId[s] = in.readLong();
            stateNode[s] = index(in.readInt(), nodes, "node");
            stateClass[s] = index(in.readInt(), classes.length, "class");
            stateFrame[s] = in.readInt();
        }
        initialState = index(in.readInt(), states, "state");
        int transitions = count(in, 1 << 28, 25);
        trFrom = new int[transitions];
        trTo = new int[transitions];
        trEdge = new int[transitions];
        trMerged = new boolean[transitions];
        trInner = new int[transitions][];
        trDeadEnd = new int[transitions];
        trJumpMm = new float[transitions];
        List<List<Integer>> out = new ArrayList<>();
        for (int s = 0; s < states; s++) {
            out.add(new ArrayList<>(2));
        }
        for (int t = 0; t < transitions; t++) {
            trFrom[t] = index(in.readInt(), states, "state");
            trTo[t] = index(in.readInt(), states, "state");
            trEdge[t] = index(in.readInt(), edges, "edge");
            trMerged[t] = in.readBoolean();
            trInner[t] = new int[count(in, 1 << 16, 4)];
            for (int k = 0; k < trInner[t].length; k++) {
                trInner[t][k] = in.readInt();
            }
            trDeadEnd[t] = in.readInt();
            trJumpMm[t] = in.readFloat();
            out.get(trFrom[t]).add(t);
        }
        stateOut = new int[states][];
        for (int s = 0; s < states; s++) {
            List<Integer> l = out.get(s);
            l.sort(Comparator.comparingLong((Integer t) -> edgeId[trEdge[t]]).thenComparingInt(t -> t));
            stateOut[s] = l.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** Cross-part checks: every frame index points into the frame table, blocks cover it in order. */
    private void validate() throws IOException {
        int n = framePred.length;
        for (int s = 0; s < stateFrame.length; s++) {
            index(stateFrame[s], n, "frame");
        }
        for (int t = 0; t < trFrom.length; t++) {
            for (int f : trInner[t]) {
                index(f, n, "frame");
            }
            if (trMerged[t]) {
                index(trDeadEnd[t], n, "frame");
            }
            if (edgeFrom[trEdge[t]] != stateNode[trFrom[t]] || edgeTo[trEdge[t]] != stateNode[trTo[t]]) {
                throw new IOException("transition " + t + " does not follow its primary edge");
            }
            int expected = trInner[t].length + 1;
            if (edgeRoots[trEdge[t]].length != 3 * expected) {
                throw new IOException("transition " + t + " has " + expected + " frames, its edge "
                        + edgeRoots[trEdge[t]].length / 3);
            }
        }
        for (int k = 0; k + 1 < blockFirst.length; k++) {
            if (blockFirst[k] >= blockFirst[k + 1] || (k == 0 && blockFirst[0] != 0)) {
                throw new IOException("block " + k + " out of order");
            }
            if (blockOffset[k] < 0 || blockLength[k] < 0 || (long) blockOffset[k] + blockLength[k] > coefficients.length) {
                throw new IOException("block " + k + " lies outside the coefficients part");
            }
        }
        for (int f = 0; f < n; f++) {
            int p = framePred[f];
            if (p >= f || (p >= 0 && block(p) != block(f))) {
                throw new IOException("frame " + f + " predicted from frame " + p + " outside its block");
            }
        }
    }

    /**
     * A count read from a part, checked against {@code max} and against the bytes left in the part (each item takes at
     * least {@code bytesEach}), before anything is allocated for it.
     */
    private static int count(DataInputStream in, int max, int bytesEach) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) {
            throw new IOException("implausible count " + n);
        }
        if ((long) n * bytesEach > in.available()) {
            throw new IOException("count " + n + " needs " + (long) n * bytesEach + " bytes, the part has "
                    + in.available() + " left");
        }
        return n;
    }

    private static int index(int i, int size, String what) throws IOException {
        if (i < 0 || i >= size) {
            throw new IOException(what + " index " + i + " outside 0.." + (size - 1));
        }
        return i;
    }

    // ---- the contract ----------------------------------------------------------------------------

    public Path file() {
        return file;
    }

    public int vertexCount() {
        return vertexCount;
    }

    public int[] triangles() {
        return triangles.clone();
    }

    public String garmentName() {
        return garment;
    }

    public int basisSize() {
        return basisSize;
    }

    public int stateCount() {
        return stateId.length;
    }

    public int initialState() {
        return initialState;
    }

    /** The project's primary node id of a state. */
    public long primaryNode(int state) {
        return nodeId[stateNode[state]];
    }

    /** The class of the stored state (e.g. hood=UP). */
    public String classLabel(int state) {
        return classes[stateClass[state]];
    }

    public QuantisedBasis basis() {
        return basis;
    }

    public long fileBytes() {
        return fileBytes;
    }

    /** What the opened database holds in memory: basis, compressed coefficients, graph and the block cache. */
    public long runtimeBytes() {
        long graph = 8L * nodeId.length * 6 + 16L * edgeId.length + 4L * Arrays.stream(edgeRoots).mapToLong(r -> r.length).sum()
                + 24L * stateId.length + 32L * trFrom.length + 8L * framePred.length + 16L * blockOffset.length;
        int largest = 0;
        for (int k = 0; k + 1 < blockFirst.length; k++) {
            largest = Math.max(largest, blockFirst[k + 1] - blockFirst[k]);
        }
        long cached = (long) CACHED_BLOCKS * largest * basisSize * 2;
        return basis.bytes() + coefficients.length + 4L * triangles.length + graph + cached;
    }

    // ---- more of the database ----------------------------------------------------------------------

    /** Frames per second of the character motion. */
    public double fps() {
        return fps;
    }

    /** Frames over which a merge jump is blended out. */
    public int blendFrames() {
        return blendFrames;
    }

    /** The tolerance the quantisation was held to, mm. */
    public float toleranceMm() {
        return toleranceMm;
    }

    /** Who wrote the file (ClothGraph version and the project). */
    public String producer() {
        return producer;
    }

    /** The project's cloth state id of a runtime state. */
    public long stateId(int state) {
        return stateId[state];
    }

    /** The stored frame of a state. */
    public int stateFrame(int state) {
        return stateFrame[state];
    }

    public int frameCount() {
        return framePred.length;
    }

    /** The largest per-vertex distance between this frame decoded and as simulated, mm (measured when written). */
    public float frameErrorMm(int frame) {
        return frameErrorMm[frame];
    }

    public int blockCount() {
        return blockOffset.length;
    }

    public int transitionCount() {
        return trFrom.length;
    }

    /** The transitions leaving a state, in primary edge order. */
    public int[] outgoing(int state) {
        return stateOut[state].clone();
    }

    public int transitionFrom(int t) {
        return trFrom[t];
    }

    public int transitionTo(int t) {
        return trTo[t];
    }

    public boolean transitionMerged(int t) {
        return trMerged[t];
    }

    /** Frames strictly between the two states of a transition (a blended primary transition). */
    public int[] transitionInnerFrames(int t) {
        return trInner[t].clone();
    }

    /** The dead end's frame of a merged transition (-1 for a simulated one): the jump is it minus the target's. */
    public int transitionDeadEndFrame(int t) {
        return trDeadEnd[t];
    }

    /** The largest per-vertex position jump blended out after a merged transition, mm (0 when simulated). */
    public float transitionJumpMm(int t) {
        return trJumpMm[t];
    }

    /** The primary edge a transition follows. */
    public int transitionEdge(int t) {
        return trEdge[t];
    }

    public boolean edgeClipChange(int edge) {
        return edgeKind[edge] == RuntimeFormat.EDGE_TRANSITION;
    }

    /** The project's primary node id at the end of an edge. */
    public long edgeTarget(int edge) {
        return nodeId[edgeTo[edge]];
    }

    /** Root frame of the k-th shown frame along an edge (k = 0 .. inner frames), relative to its start: yaw, x, z. */
    public double[] edgeRoot(int edge, int k) {
        float[] r = edgeRoots[edge];
        return new double[] { r[3 * k], r[3 * k + 1], r[3 * k + 2] };
    }

    /** The pose's root frame in its clip: yaw, x, z (where a walk starting there stands). */
    public double[] nodeRoot(long primaryNode) {
        int i = node(primaryNode);
        return new double[] { nodeRoot[3 * i], nodeRoot[3 * i + 1], nodeRoot[3 * i + 2] };
    }

    public String clipOf(long primaryNode) {
        return clips[nodeClip[node(primaryNode)]];
    }

    public int clipFrameOf(long primaryNode) {
        return nodeClipFrame[node(primaryNode)];
    }

    private int node(long primaryNode) {
        Integer i = nodeIndex.get(primaryNode);
        if (i == null) {
            throw new IllegalArgumentException("no primary node " + primaryNode + " in " + file);
        }
        return i;
    }

    /** The dequantised coefficients c' of a frame (B' c' is the frame); reads its block. */
    public void coefficients(int frame, float[] c) {
        int k = block(frame);
        short[] q = blockData(k)[frame - blockFirst[k]];
        for (int i = 0; i < basisSize; i++) {
            c[i] = q[i] * coefficientSteps[i];
        }
    }

    /** The integer coefficients of a frame as stored (before the step). */
    public int[] quantisedCoefficients(int frame) {
        int k = block(frame);
        short[] q = blockData(k)[frame - blockFirst[k]];
        int[] out = new int[q.length];
        for (int i = 0; i < q.length; i++) {
            out[i] = q[i];
        }
        return out;
    }

    /** The step of coefficient i: c'_i = q_i * step. */
    public float coefficientStep(int i) {
        return coefficientSteps[i];
    }

    /** Decodes one stored frame (no blend) into {@code out} (3 x vertices floats). */
    public void decodeFrame(int frame, float[] out) {
        float[] c = new float[basisSize];
        coefficients(frame, c);
        basis.decode(c, out);
    }

    private int block(int frame) {
        int k = Arrays.binarySearch(blockFirst, frame);
        return k >= 0 ? k : -k - 2;
    }

    private short[][] blockData(int k) {
        synchronized (cache) {
            short[][] b = cache.get(k);
            if (b == null) {
                try {
                    b = inflate(k);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(new RuntimeDatabaseException(file, RuntimeFormat.COEFFICIENTS,
                            "block " + k + " unreadable (" + e.getMessage() + ")", e));
                }
                cache.put(k, b);
            }
            return b;
        }
    }

    /** Inflates block k: vector-major zig-zag varints of each frame's difference from its predictor. */
    private short[][] inflate(int k) throws IOException {
        int first = blockFirst[k];
        int frames = blockFirst[k + 1] - first;
        byte[] raw = RuntimeFormat.unlzma2(coefficients, blockOffset[k], blockLength[k], blockRaw[k]);
        RuntimeFormat.VarintReader r = new RuntimeFormat.VarintReader(raw);
        int[][] q = new int[frames][basisSize];
        for (int i = 0; i < basisSize; i++) {
            for (int f = 0; f < frames; f++) {
                q[f][i] = r.next();
            }
        }
        if (!r.atEnd()) {
            throw new IOException("trailing bytes");
        }
        short[][] out = new short[frames][basisSize];
        for (int f = 0; f < frames; f++) {
            int p = framePred[first + f];
            if (p >= 0) {
                int[] pq = q[p - first];
                for (int i = 0; i < basisSize; i++) {
                    q[f][i] += pq[i];
                }
            }
            for (int i = 0; i < basisSize; i++) {
                int v = q[f][i];
                if (v < -32767 || v > 32767) {
                    throw new IOException("frame " + (first + f) + " coefficient " + i + " outside 16 bits");
                }
                out[f][i] = (short) v;
            }
        }
        return out;
    }

    /** Inflates every block once (a full check of the coefficients part). */
    public void verifyAllBlocks() throws RuntimeDatabaseException {
        for (int k = 0; k < blockOffset.length; k++) {
            try {
                inflate(k);
            } catch (IOException e) {
                throw new RuntimeDatabaseException(file, RuntimeFormat.COEFFICIENTS, "block " + k + " unreadable ("
                        + e.getMessage() + ")", e);
            }
        }
    }

    @Override
    public void close() {
        synchronized (cache) {
            cache.clear();
        }
    }
}
