package org.clothgraph.graphview;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.clothgraph.motion.project.PrimaryLaneLayout;

/**
 * Where every secondary state is drawn: at its primary node's place in the primary graph's own placement (one lane
 * per clip, {@link PrimaryLaneLayout}), offset by the embedding of its cloth ({@link StateEmbedding}): the first
 * component across the lane, the second along it. States of one primary node stay near each other; states whose
 * cloth differs the same way (a fallen hood) are offset the same way in every lane, so they form a band of their own
 * along each lane. The class is never read.
 * <p>
 * Each component is used by its rank among all states (spread evenly over -1..1), so a few extreme cloths (exploded
 * states) do not squeeze the others into the lane's middle; the band across a lane is as wide as the lanes' own
 * placement leaves room for ({@link #acrossHalfSpread}).
 */
public final class SecondaryGraphLayout {
    /** The band across a lane reaches this share of the way to the nearest lane above or below it. */
    public static final double ACROSS_SHARE_OF_GAP = 0.4;
    /** Half the spread along a lane (layout units = frames). */
    public static final double ALONG = 3;

    private final double[] x, y;
    private final double minX, minY, maxX, maxY;

    private SecondaryGraphLayout(double[] x, double[] y) {
        this.x = x;
        this.y = y;
        double a = Double.POSITIVE_INFINITY, b = a, c = Double.NEGATIVE_INFINITY, d = c;
        for (int i = 0; i < x.length; i++) {
            a = Math.min(a, x[i]);
            b = Math.min(b, y[i]);
            c = Math.max(c, x[i]);
            d = Math.max(d, y[i]);
        }
        minX = x.length == 0 ? 0 : a;
        minY = x.length == 0 ? 0 : b;
        maxX = x.length == 0 ? 1 : c;
        maxY = x.length == 0 ? 1 : d;
    }

    public static SecondaryGraphLayout of(SecondaryGraphSnapshot graph, PrimaryLaneLayout lanes, StateEmbedding embedding) {
        int n = graph.size();
        double[] across = ranks(embedding, 0), along = ranks(embedding, 1);
        double half = acrossHalfSpread(lanes);
        double[] x = new double[n], y = new double[n];
        for (int i = 0; i < n; i++) {
            SecondaryGraphSnapshot.State s = graph.state(i);
            PrimaryLaneLayout.Lane lane = lanes.lane(s.clipId());
            double cx = lane == null ? 0 : lane.frameX(s.clipFrame());
            double cy = lane == null ? 0 : lane.y() + 0.5 * lane.height();
            x[i] = cx + ALONG * along[i];
            y[i] = cy + half * across[i];
        }
        return new SecondaryGraphLayout(x, y);
    }

    /**
     * Half the height of the band of states across a lane: {@link #ACROSS_SHARE_OF_GAP} of the smallest vertical
     * distance between the centres of two lanes that overlap horizontally (so bands of neighbouring lanes stay
     * apart), at most 1.5 lane heights (one lane, or lanes that never overlap).
     */
    public static double acrossHalfSpread(PrimaryLaneLayout lanes) {
        double gap = Double.POSITIVE_INFINITY;
        List<PrimaryLaneLayout.Lane> all = new ArrayList<>(lanes.lanes().values());
        for (int i = 0; i < all.size(); i++) {
            PrimaryLaneLayout.Lane a = all.get(i);
            for (int j = i + 1; j < all.size(); j++) {
                PrimaryLaneLayout.Lane b = all.get(j);
                if (a.x() < b.x() + b.width() && b.x() < a.x() + a.width()) {
                    gap = Math.min(gap, Math.abs((a.y() + 0.5 * a.height()) - (b.y() + 0.5 * b.height())));
                }
            }
        }
        return Math.min(ACROSS_SHARE_OF_GAP * gap, 1.5 * PrimaryLaneLayout.LANE_HEIGHT);
    }

    /** Each state's rank along component c, mapped to -1..1 (ties share their mean rank). */
    static double[] ranks(StateEmbedding e, int c) {
        int n = e.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(e.coordinate(a, c), e.coordinate(b, c)));
        double[] r = new double[n];
        for (int lo = 0; lo < n;) {
            int hi = lo;
            while (hi + 1 < n && e.coordinate(order[hi + 1], c) == e.coordinate(order[lo], c)) {
                hi++;
            }
            double rank = n == 1 ? 0 : (lo + hi) / (double) (n - 1) - 1;
            for (int k = lo; k <= hi; k++) {
                r[order[k]] = rank;
            }
            lo = hi + 1;
        }
        return r;
    }

    /** Every state at its primary node's place, without offsets (before an embedding is known). */
    public static SecondaryGraphLayout atNodes(SecondaryGraphSnapshot graph, PrimaryLaneLayout lanes) {
        int n = graph.size();
        double[] x = new double[n], y = new double[n];
        for (int i = 0; i < n; i++) {
            SecondaryGraphSnapshot.State s = graph.state(i);
            PrimaryLaneLayout.Lane lane = lanes.lane(s.clipId());
            x[i] = lane == null ? 0 : lane.frameX(s.clipFrame());
            y[i] = lane == null ? 0 : lane.y() + 0.5 * lane.height();
        }
        return new SecondaryGraphLayout(x, y);
    }

    /** A layout from given positions (tests, cached layouts). */
    public static SecondaryGraphLayout of(double[] x, double[] y) {
        return new SecondaryGraphLayout(x.clone(), y.clone());
    }

    public double x(int i) {
        return x[i];
    }

    public double y(int i) {
        return y[i];
    }

    public int size() {
        return x.length;
    }

    public double minX() {
        return minX;
    }

    public double minY() {
        return minY;
    }

    public double maxX() {
        return maxX;
    }

    public double maxY() {
        return maxY;
    }

    /**
     * The share of each state's k nearest neighbours in this layout that have its class (for one classifier),
     * averaged over the states that have a class: 1 when classes fill separate regions, about the larger class's
     * share when they are mixed at random.
     */
    public double neighbourClassShare(SecondaryGraphSnapshot graph, String classifier, int k) {
        int n = size();
        if (n <= k) {
            return Double.NaN;
        }
        // a uniform grid of about 2 states per cell
        double w = Math.max(1e-9, maxX - minX), h = Math.max(1e-9, maxY - minY);
        double cell = Math.sqrt(w * h * 2 / n);
        int gw = Math.max(1, (int) Math.ceil(w / cell)), gh = Math.max(1, (int) Math.ceil(h / cell));
        int[] head = new int[gw * gh], next = new int[n];
        Arrays.fill(head, -1);
        for (int i = 0; i < n; i++) {
            int c = cellOf(i, cell, gw, gh);
            next[i] = head[c];
            head[c] = i;
        }
        String[] cls = new String[n];
        for (int i = 0; i < n; i++) {
            cls[i] = graph.state(i).classOf(classifier);
        }
        double total = 0;
        int counted = 0;
        double[] bestD = new double[k];
        int[] bestI = new int[k];
        for (int i = 0; i < n; i++) {
            if (cls[i].isEmpty()) {
                continue;
            }
            int cx = Math.min(gw - 1, (int) ((x[i] - minX) / cell)), cy = Math.min(gh - 1, (int) ((y[i] - minY) / cell));
            int found = 0;
            Arrays.fill(bestD, Double.POSITIVE_INFINITY);
            for (int r = 0; ; r++) {
                for (int gy = cy - r; gy <= cy + r; gy++) {
                    for (int gx = cx - r; gx <= cx + r; gx++) {
                        if (gx < 0 || gy < 0 || gx >= gw || gy >= gh || Math.max(Math.abs(gx - cx), Math.abs(gy - cy)) != r) {
                            continue;
                        }
                        for (int j = head[gy * gw + gx]; j >= 0; j = next[j]) {
                            if (j == i) {
                                continue;
                            }
                            double d = (x[j] - x[i]) * (x[j] - x[i]) + (y[j] - y[i]) * (y[j] - y[i]);
                            if (d < bestD[k - 1]) {
                                int p = k - 1;
                                while (p > 0 && bestD[p - 1] > d) {
                                    bestD[p] = bestD[p - 1];
                                    bestI[p] = bestI[p - 1];
                                    p--;
                                }
                                bestD[p] = d;
                                bestI[p] = j;
                                found = Math.min(k, found + 1);
                            }
                        }
                    }
                }
                // every state within r cells has been seen: done once the k-th is closer than the ring's inner edge
                if ((found == k && Math.sqrt(bestD[k - 1]) <= r * cell) || r > gw + gh) {
                    break;
                }
            }
            int same = 0;
            for (int m = 0; m < k; m++) {
                if (cls[bestI[m]].equals(cls[i])) {
                    same++;
                }
            }
            total += same / (double) k;
            counted++;
        }
        return counted == 0 ? Double.NaN : total / counted;
    }

    private int cellOf(int i, double cell, int gw, int gh) {
        int cx = Math.min(gw - 1, (int) ((x[i] - minX) / cell)), cy = Math.min(gh - 1, (int) ((y[i] - minY) / cell));
        return cy * gw + cx;
    }
}
