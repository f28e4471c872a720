package org.clothgraph.sim.internal;

import java.util.Arrays;

/**
 * A uniform-grid spatial hash of axis-aligned boxes in flat int arrays, rebuilt whenever the boxes move. A query
 * box visits every stored box sharing a cell with it; a pair is reported only in the cell holding the lower
 * corner of the two boxes' intersection, so each overlapping pair is seen exactly once.
 */
final class BoxHash {
    private final double cell, inv;
    private final int mask;
    private final int[] start, fill;
    /**
     * The bucket entries, two ints each: box id << 3 | the box's lower-corner flags in the entry's cell (bit 0: the
     * cell is the box's first along x, bit 1 along y, bit 2 along z), and the entry's cell ({@link #key}: the low 10
     * bits of each index, which tell the cells of one build apart when they span fewer than 1,024 cells per axis,
     * {@link #keyed}). A query tests an entry of its own cell on the flags alone, read in sequence with the entry;
     * an entry of another cell sharing the bucket, or every entry of a build too wide to be keyed, is tested on the
     * cells stored per box.
     */
    private int[] items = new int[0];
    private boolean keyed;
    /** The least and the greatest cell index of the stored boxes, any axis. */
    private int spanLo, spanHi;
    private double[] boxes = new double[0];
    private int[] cells = new int[0]; // integer cell bounds per box: ix0, iy0, iz0, ix1, iy1, iz1
    private int count;

    interface Visitor {
        void visit(int id);
    }

    /** The ids a query visits, in visiting order (one per calling thread, reused). */
    static final class Hits {
        int size;
        int[] ids = new int[64];

        void add(int id) {
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, 2 * size);
            }
            ids[size++] = id;
        }
    }

    BoxHash(double cellSize, int expectedBoxes) {
        cell = cellSize;
        inv = 1 / cellSize;
        int buckets = Integer.highestOneBit(Math.max(16, expectedBoxes)) << 2;
        mask = buckets - 1;
        start = new int[buckets + 1];
        fill = new int[buckets + 1];
    }

    double cellSize() {
        return cell;
    }

    /** Replaces the stored boxes: {@code b} holds min x, y, z, max x, y, z per box (kept by reference). */
    void build(double[] b, int n) {
        build(b, n, null, n);
    }

    /**
     * Stores only the boxes {@code ids[0..m)} (ascending) of {@code b}, which holds min x, y, z, max x, y, z for
     * boxes 0..n-1 (only the listed ones need be current); the others are absent. A query visits the stored boxes in
     * the order a query of all n would visit them, the absent ones left out: a bucket holds its boxes in id order
     * either way, and which cell a pair is examined in depends on the two boxes alone.
     */
    void build(double[] b, int n, int[] ids, int m) {
        boxes = b;
        count = n;
        if (cells.length < 6 * n) {
            cells = new int[6 * n];
        }
        // the cells, and their span over the stored boxes (keyed)
        int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
        for (int j = 0; j < m; j++) {
            int o = 6 * (ids == null ? j : ids[j]);
            for (int k = o; k < o + 6; k++) {
                cells[k] = c(b[k]);
            }
            lo = Math.min(lo, Math.min(cells[o], Math.min(cells[o + 1], cells[o + 2])));
            hi = Math.max(hi, Math.max(cells[o + 3], Math.max(cells[o + 4], cells[o + 5])));
        }
        Arrays.fill(start, 0);
        long entries = 0;
        for (int j = 0; j < m; j++) {
            int t = ids == null ? j : ids[j];
            int o = 6 * t;
            int ix0 = cells[o], iy0 = cells[o + 1], iz0 = cells[o + 2];
            int ix1 = cells[o + 3], iy1 = cells[o + 4], iz1 = cells[o + 5];
            for (int ix = ix0; ix <= ix1; ix++) {
                for (int iy = iy0; iy <= iy1; iy++) {
                    for (int iz = iz0; iz <= iz1; iz++) {
                        start[(hash(ix, iy, iz) & mask) + 1]++;
                        entries++;
                    }
                }
            }
        }
        if (entries > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("spatial hash overflow: boxes far larger than the cells");
        }
        for (int i = 0; i <= mask; i++) {
            start[i + 1] += start[i];
        }
        if (2 * entries > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("spatial hash overflow: boxes far larger than the cells");
        }
        if (items.length < 2 * entries) {
            items = new int[(int) Math.min(Integer.MAX_VALUE - 16, 2 * (entries + entries / 4))];
        }
        keyed = (long) hi - lo < KEY_SPAN;
        spanLo = lo;
        spanHi = hi;
        if ((long) n << 3 > Integer.MAX_VALUE) {
            throw new IllegalStateException("spatial hash overflow: more than 2^28 boxes");
        }
        System.arraycopy(start, 0, fill, 0, mask + 1);
        for (int j = 0; j < m; j++) {
            int t = ids == null ? j : ids[j];
            int o = 6 * t;
            int ix0 = cells[o], iy0 = cells[o + 1], iz0 = cells[o + 2];
            int ix1 = cells[o + 3], iy1 = cells[o + 4], iz1 = cells[o + 5];
            for (int ix = ix0; ix <= ix1; ix++) {
                for (int iy = iy0; iy <= iy1; iy++) {
                    for (int iz = iz0; iz <= iz1; iz++) {
                        int e = 2 * fill[hash(ix, iy, iz) & mask]++;
                        items[e] = t << 3 | (ix == ix0 ? 1 : 0) | (iy == iy0 ? 2 : 0) | (iz == iz0 ? 4 : 0);
                        items[e + 1] = key(ix, iy, iz);
                    }
                }
            }
        }
    }

    int size() {
        return count;
    }

    /** Visits every stored box overlapping the query box, once each. Thread-safe between builds. */
    void query(double x0, double y0, double z0, double x1, double y1, double z1, Visitor v) {
        query(x0, y0, z0, x1, y1, z1, -1, v);
    }

    /**
     * As {@link #query(double, double, double, double, double, double, Visitor)}, visiting only the boxes whose id
     * is above {@code after}: the same visits, in the same order, as a visitor that ignored the others, without
     * reading their boxes.
     */
    void query(double x0, double y0, double z0, double x1, double y1, double z1, int after, Visitor v) {
        Hits hits = new Hits();
        query(x0, y0, z0, x1, y1, z1, after, hits);
        for (int k = 0; k < hits.size; k++) {
            v.visit(hits.ids[k]);
        }
    }

    /**
     * The ids {@link #query(double, double, double, double, double, double, int, Visitor)} visits, in its order,
     * into {@code hits} (cleared first): the hot loops read them without a call per box. A stored box whose
     * coordinates were changed after the build is looked up by the cells it had then: callers that change boxes in
     * place ({@link KeptCandidates}) drop such boxes' hits and test them one by one.
     */
    void query(double x0, double y0, double z0, double x1, double y1, double z1, int after, Hits hits) {
        hits.size = 0;
        int ix0 = c(x0), iy0 = c(y0), iz0 = c(z0), ix1 = c(x1), iy1 = c(y1), iz1 = c(z1);
        double[] b = boxes;
        int[] cl = cells, it = items;
        int lo = spanLo, hi = spanHi;
        for (int ix = ix0; ix <= ix1; ix++) {
            for (int iy = iy0; iy <= iy1; iy++) {
                for (int iz = iz0; iz <= iz1; iz++) {
                    int h = hash(ix, iy, iz) & mask;
                    // a cell outside the stored boxes' span has no entry of its own: all are tested on the cells
                    int k = keyed && ix >= lo && ix <= hi && iy >= lo && iy <= hi && iz >= lo && iz <= hi
                            ? key(ix, iy, iz) : -1;
                    // examined only in the cell holding the lower corner of the two boxes' intersection: the cell
                    // of max(x0, box's x0) is max(ix0, box's ix0), the cell index being monotonic. For an entry of
                    // this cell (box's x0 <= ix) that is: ix is the query's first cell along x or the box's, and so
                    // on (the flags); an entry of another cell sharing the bucket is tested on the cells the build
                    // computed. Either turns away the pairs met in another of their cells before their six
                    // coordinates are read.
                    int need = (ix != ix0 ? 1 : 0) | (iy != iy0 ? 2 : 0) | (iz != iz0 ? 4 : 0);
                    for (int e = 2 * start[h], end = 2 * start[h + 1]; e < end; e += 2) {
                        int entry = it[e];
                        int t = entry >>> 3;
                        if (t <= after) {
                            continue;
                        }
                        int o = 6 * t;
                        if (it[e + 1] == k) {
                            if ((entry & need) != need) {
                                continue;
                            }
                        } else if (Math.max(ix0, cl[o]) != ix || Math.max(iy0, cl[o + 1]) != iy
                                || Math.max(iz0, cl[o + 2]) != iz) {
                            continue;
                        }
                        if (Math.max(x0, b[o]) > Math.min(x1, b[o + 3]) || Math.max(y0, b[o + 1]) > Math.min(y1, b[o + 4])
                                || Math.max(z0, b[o + 2]) > Math.min(z1, b[o + 5])) {
                            continue;
                        }
                        hits.add(t);
                    }
                }
            }
        }
    }

    /** The cell index of coordinate v along any axis. */
    int c(double v) {
        return (int) Math.floor(v * inv);
    }

    /** The bucket holding cell (ix, iy, iz). */
    int bucket(int ix, int iy, int iz) {
        return hash(ix, iy, iz) & mask;
    }

    /**
     * How many times a query whose box overlaps box {@code t} (integer cell bounds {@code cells[o..o+6)}: ix0, iy0,
     * iz0, ix1, iy1, iz1) and examines the pair in cell (ix, iy, iz) reports it: once per cell of t in that cell's
     * bucket, so more than once only where two cells of t share a bucket.
     */
    int visits(int[] cells, int o, int ix, int iy, int iz) {
        int h = bucket(ix, iy, iz), k = 0;
        for (int a = cells[o]; a <= cells[o + 3]; a++) {
            for (int b = cells[o + 1]; b <= cells[o + 4]; b++) {
                for (int d = cells[o + 2]; d <= cells[o + 5]; d++) {
                    k += bucket(a, b, d) == h ? 1 : 0;
                }
            }
        }
        return k;
    }

    /**
     * Whether two cells of the box with cell bounds {@code cells[o..o+6)} may share a bucket: false only when they
     * do not (true also for boxes of more cells than {@code scratch} holds).
     */
    boolean sharesBucket(int[] cells, int o, int[] scratch) {
        int ix0 = cells[o], iy0 = cells[o + 1], iz0 = cells[o + 2];
        int ix1 = cells[o + 3], iy1 = cells[o + 4], iz1 = cells[o + 5];
        long count = (long) (ix1 - ix0 + 1) * (iy1 - iy0 + 1) * (iz1 - iz0 + 1);
        if (count <= 1) {
            return false;
        }
        if (count > scratch.length) {
            return true;
        }
        int k = 0;
        for (int a = ix0; a <= ix1; a++) {
            for (int b = iy0; b <= iy1; b++) {
                for (int d = iz0; d <= iz1; d++) {
                    int h = bucket(a, b, d);
                    for (int j = 0; j < k; j++) {
                        if (scratch[j] == h) {
                            return true;
                        }
                    }
                    scratch[k++] = h;
                }
            }
        }
        return false;
    }

    /**
     * Cell (ix, iy, iz) by the low 10 bits of each index: two cells of a build whose indexes span fewer than
     * {@link #KEY_SPAN} per axis have the same key only if they are the same cell.
     */
    private static int key(int ix, int iy, int iz) {
        return (ix & 1023) << 20 | (iy & 1023) << 10 | (iz & 1023);
    }

    private static final int KEY_SPAN = 1024;

    private static int hash(int ix, int iy, int iz) {
        return (ix * 92837111) ^ (iy * 689287499) ^ (iz * 283923481);
    }
}
