package org.clothgraph.graphview;

import java.util.Arrays;

import org.clothgraph.motion.project.PrimaryLaneLayout;

/**
 * Where every secondary state is drawn: at its primary node's place in the primary graph's own placement (one lane
 * per clip, {@link PrimaryLaneLayout}), offset by the embedding of its cloth ({@link StateEmbedding}): the first
 * component across the lane, the second along it. States of one primary node stay near each other; states whose
 * cloth differs the same way (a fallen hood) are offset the same way in every lane. The class is never read.
 */
public final class SecondaryGraphLayout {
    /** Half the spread across a lane (layout units; a lane is {@link PrimaryLaneLayout#LANE_HEIGHT} high). */
    public static final double ACROSS = 24;
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
        double s0 = robustScale(embedding, 0), s1 = robustScale(embedding, 1);
        double[] x = new double[n], y = new double[n];
        for (int i = 0; i < n; i++) {
            SecondaryGraphSnapshot.State s = graph.state(i);
            PrimaryLaneLayout.Lane lane = lanes.lane(s.clipId());
            double e0 = clamp(embedding.coordinate(i, 0) / s0), e1 = clamp(embedding.coordinate(i, 1) / s1);
            double cx = lane == null ? 0 : lane.frameX(s.clipFrame());
            double cy = lane == null ? 0 : lane.y() + 0.5 * lane.height();
            x[i] = cx + ALONG * e1;
            y[i] = cy + ACROSS * e0;
        }
        return new SecondaryGraphLayout(x, y);
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

    /** The 95th percentile of |coordinate|: one unit of offset. */
    private static double robustScale(StateEmbedding e, int c) {
        int n = e.size();
        if (n == 0) {
            return 1;
        }
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = Math.abs(e.coordinate(i, c));
        }
        Arrays.sort(a);
        double s = a[Math.min(n - 1, (int) (0.95 * n))];
        return s > 1e-12 ? s : 1;
    }

    private static double clamp(double v) {
        return Math.max(-1.5, Math.min(1.5, v));
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
