package org.clothgraph.motion.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.graph.MotionGraph.Edge;
import org.clothgraph.motion.graph.MotionGraph.Kind;
import org.clothgraph.motion.graph.MotionGraph.Node;
import org.clothgraph.motion.graph.PruneReport.DroppedTransition;
import org.clothgraph.motion.graph.PruneReport.RemovedRange;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * Builds a motion graph after Kovar, Arikan and Pighin 2002. The frame distance is the weighted point-cloud
 * distance over a k-frame window after the optimal rotation about Y plus ground translation (closed form); candidate
 * transitions are local minima of the distance matrix below a threshold; the graph is pruned to its largest
 * strongly connected component.
 */
public final class MotionGraphBuilder {

    /**
     * threshold: RMS joint distance in metres over the window; window: k frames; fps: clips are resampled to it;
     * minSameClipGap: transitions inside one clip must jump at least this many frames (else they are trivial).
     */
    public record Options(double threshold, int window, double fps, Set<String> excludeClips, int minSameClipGap) {
        public static final Options DEFAULT = new Options(0.06, 10, 30, Set.of(), 20);

        public Options {
            if (!(threshold > 0) || window < 2 || !(fps > 0) || minSameClipGap < 1) throw new IllegalArgumentException("bad options");
            excludeClips = Set.copyOf(excludeClips);
        }

        public Options withThreshold(double t) { return new Options(t, window, fps, excludeClips, minSameClipGap); }
        public Options withWindow(int k) { return new Options(threshold, k, fps, excludeClips, minSameClipGap); }
        public Options withExcluded(Set<String> names) { return new Options(threshold, window, fps, names, minSameClipGap); }
    }

    private MotionGraphBuilder() {}

    public static MotionGraph build(List<Motion> input, Options opt, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Building motion graph", 100);
        if (input.isEmpty()) throw new IllegalArgumentException("no clips");
        Skeleton sk = input.get(0).skeleton();
        List<Motion> clips = new ArrayList<>();
        List<RemovedRange> removed = new ArrayList<>();
        for (int c = 0; c < input.size(); c++) {
            Motion m = input.get(c);
            if (m.skeleton() != sk) throw new IllegalArgumentException("clip " + m.name() + " is on another skeleton; retarget first");
            if (opt.excludeClips().contains(m.name())) {
                removed.add(new RemovedRange(c, m.name(), 0, m.frameCount() - 1, "excluded by option"));
            }
            clips.add(m.resample(opt.fps()));
        }
        int k = opt.window(), nj = sk.size();
        // global frame numbering over all clips; excluded clips keep their numbers but get no windows
        int n = clips.stream().mapToInt(Motion::frameCount).sum();
        int[] clipOf = new int[n], frameOf = new int[n], first = new int[clips.size()];
        for (int c = 0, g = 0; c < clips.size(); c++) {
            first[c] = g;
            for (int f = 0; f < clips.get(c).frameCount(); f++, g++) { clipOf[g] = c; frameOf[g] = f; }
        }
        boolean[] excluded = new boolean[clips.size()];
        for (int c = 0; c < clips.size(); c++) excluded[c] = opt.excludeClips().contains(clips.get(c).name());

        long t0 = System.nanoTime();
        double[][] pts = new double[n][];
        double[] sx = new double[n], sz = new double[n], sq = new double[n];
        SubMonitor pc = sub.split(10).setWorkRemaining(clips.size());
        for (int c = 0; c < clips.size(); c++) {
            Motion m = clips.get(c);
            for (int f = 0; f < m.frameCount(); f++) {
                int g = first[c] + f;
                double[] p = new double[nj * 3];
                m.worldPositions(f, p);
                pts[g] = p;
                for (int j = 0; j < nj; j++) {
                    sx[g] += p[j * 3];
                    sz[g] += p[j * 3 + 2];
                    sq[g] += p[j * 3] * p[j * 3] + p[j * 3 + 1] * p[j * 3 + 1] + p[j * 3 + 2] * p[j * 3 + 2];
                }
            }
            pc.split(1);
        }
        // a window starting at g is valid when its k frames lie in one non-excluded clip
        boolean[] valid = new boolean[n];
        for (int g = 0; g + k - 1 < n; g++) valid[g] = clipOf[g + k - 1] == clipOf[g] && !excluded[clipOf[g]];
        long t1 = System.nanoTime();

        float[] dist = new float[n * n];
        java.util.Arrays.fill(dist, Float.NaN);
        SubMonitor dm = sub.split(60).setWorkRemaining(n);
        int block = Math.max(16, n / 50);
        for (int d0 = 0; d0 < n; d0 += block) {
            int d1 = Math.min(n, d0 + block);
            // each diagonal writes its own cells only, so the parallel result is deterministic
            IntStream.range(d0, d1).parallel().forEach(d -> diagonal(d, n, k, nj, pts, sx, sz, sq, valid, dist));
            dm.split(d1 - d0);
        }
        long t2 = System.nanoTime();

        // candidate transitions: local minima below threshold; transition from frame s-1 to frame t+k-1
        double thr2 = opt.threshold() * opt.threshold();
        List<int[]> cand = new ArrayList<>();
        SubMonitor mm = sub.split(10).setWorkRemaining(n);
        for (int s = 1; s < n; s++) {
            if (valid[s] && clipOf[s - 1] == clipOf[s]) {
                for (int t = 0; t < n; t++) {
                    float v = dist[s * n + t];
                    if (!(v < thr2)) continue;
                    if (clipOf[s] == clipOf[t] && Math.abs(s - t) < opt.minSameClipGap()) continue;
                    if (isLocalMin(dist, n, s, t, v, clipOf)) cand.add(new int[] {s, t});
                }
            }
            mm.split(1);
        }
        long t3 = System.nanoTime();

        // graph over all non-excluded frames, then the largest strongly connected component
        Graph<Integer, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
        for (int i = 0; i < n; i++) if (!excluded[clipOf[i]]) g.addVertex(i);
        for (int i = 0; i + 1 < n; i++) if (!excluded[clipOf[i]] && clipOf[i + 1] == clipOf[i]) g.addEdge(i, i + 1);
        for (int[] c : cand) g.addEdge(c[0] - 1, c[1] + k - 1);
        Set<Integer> keep = new HashSet<>();
        if (g.vertexSet().size() > 0) {
            List<Set<Integer>> sccs = new KosarajuStrongConnectivityInspector<>(g).stronglyConnectedSets();
            keep = sccs.stream().max(Comparator.<Set<Integer>>comparingInt(Set::size)
                    .thenComparing(s -> -s.stream().mapToInt(Integer::intValue).min().orElse(0))).orElse(Set.of());
        }
        sub.split(5);
        for (int c = 0; c < clips.size(); c++) {
            if (excluded[c]) continue;
            int start = -1;
            for (int f = 0; f <= clips.get(c).frameCount(); f++) {
                boolean gone = f < clips.get(c).frameCount() && !keep.contains(first[c] + f);
                if (gone && start < 0) start = f;
                if (!gone && start >= 0) {
                    removed.add(new RemovedRange(c, clips.get(c).name(), start, f - 1,
                            "not in the largest strongly connected component (dead end or unreachable)"));
                    start = -1;
                }
            }
        }
        removed.sort(Comparator.comparingInt(RemovedRange::clip).thenComparingInt(RemovedRange::from));
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) if (keep.contains(i)) nodes.add(new Node(clipOf[i], frameOf[i]));
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i + 1 < n; i++) {
            if (keep.contains(i) && keep.contains(i + 1) && clipOf[i] == clipOf[i + 1]) {
                edges.add(new Edge(new Node(clipOf[i], frameOf[i]), new Node(clipOf[i], frameOf[i + 1]), Kind.CLIP, 0, Alignment.IDENTITY, null));
            }
        }
        List<DroppedTransition> dropped = new ArrayList<>();
        SubMonitor bm = sub.split(15).setWorkRemaining(Math.max(1, cand.size()));
        for (int[] c : cand) {
            int from = c[0] - 1, to = c[1] + k - 1;
            double rms = Math.sqrt(Math.max(0, dist[c[0] * n + c[1]]));
            if (!keep.contains(from) || !keep.contains(to)) {
                dropped.add(new DroppedTransition(clipOf[from], frameOf[from], clipOf[to], frameOf[to], rms, "endpoint pruned"));
            } else {
                Alignment a = align(pts, sx, sz, c[0], c[1], k, nj);
                Motion blend = blend(clips.get(clipOf[from]), frameOf[c[0]], clips.get(clipOf[to]), frameOf[c[1]], k, a,
                        clips.get(clipOf[from]).name() + "->" + clips.get(clipOf[to]).name());
                edges.add(new Edge(new Node(clipOf[from], frameOf[from]), new Node(clipOf[to], frameOf[to]), Kind.TRANSITION, rms, a, blend));
            }
            bm.split(1);
        }
        long t4 = System.nanoTime();
        int kept = (int) edges.stream().filter(e -> e.kind() == Kind.TRANSITION).count();
        int total = (int) IntStream.range(0, n).filter(i -> !excluded[clipOf[i]]).count();
        PruneReport report = new PruneReport(List.copyOf(removed), List.copyOf(dropped), cand.size(), kept, nodes.size(), total);
        MotionGraph.Stats stats = new MotionGraph.Stats(n, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000,
                (t4 - t3) / 1_000_000);
        return new MotionGraph(clips, nodes, edges, report, stats, k);
    }

    /** Fills window distances for all (s, s+d) on one diagonal (and the mirrored cell) using running sums. */
    private static void diagonal(int d, int n, int k, int nj, double[][] pts, double[] sx, double[] sz, double[] sq,
            boolean[] valid, float[] dist) {
        int len = n - d;
        if (len < k) return;
        double[] c = new double[len + 1], s = new double[len + 1], y = new double[len + 1];
        for (int i = 0; i < len; i++) {
            double[] a = pts[i], b = pts[i + d];
            double cc = 0, ss = 0, yy = 0;
            for (int j = 0; j < nj * 3; j += 3) {
                cc += a[j] * b[j] + a[j + 2] * b[j + 2];
                ss += a[j] * b[j + 2] - a[j + 2] * b[j];
                yy += a[j + 1] * b[j + 1];
            }
            c[i + 1] = c[i] + cc;
            s[i + 1] = s[i] + ss;
            y[i + 1] = y[i] + yy;
        }
        double w = 1.0 / (k * nj);
        double ax = 0, az = 0, aq = 0, bx = 0, bz = 0, bq = 0;
        for (int i = 0; i < k - 1; i++) {
            ax += sx[i]; az += sz[i]; aq += sq[i]; bx += sx[i + d]; bz += sz[i + d]; bq += sq[i + d];
        }
        for (int i = 0; i + k <= len; i++) {
            int e = i + k - 1;
            ax += sx[e]; az += sz[e]; aq += sq[e]; bx += sx[e + d]; bz += sz[e + d]; bq += sq[e + d];
            if (valid[i] && valid[i + d]) {
                double mx = ax * w, mz = az * w, nx = bx * w, nz = bz * w;
                double cxx = (c[i + k] - c[i]) * w - (mx * nx + mz * nz);
                double sxz = (s[i + k] - s[i]) * w - (mx * nz - mz * nx);
                double v = aq * w - (mx * mx + mz * mz) + bq * w - (nx * nx + nz * nz) - 2 * (y[i + k] - y[i]) * w
                        - 2 * Math.sqrt(cxx * cxx + sxz * sxz);
                float fv = (float) Math.max(0, v);
                dist[i * n + i + d] = fv;
                dist[(i + d) * n + i] = fv;
            }
            ax -= sx[i]; az -= sz[i]; aq -= sq[i]; bx -= sx[i + d]; bz -= sz[i + d]; bq -= sq[i + d];
        }
    }

    /** v <= all valid neighbours in the same clip pair; strict against earlier ones so plateaus yield one minimum. */
    private static boolean isLocalMin(float[] dist, int n, int s, int t, float v, int[] clipOf) {
        for (int ds = -1; ds <= 1; ds++) {
            for (int dt = -1; dt <= 1; dt++) {
                if (ds == 0 && dt == 0) continue;
                int a = s + ds, b = t + dt;
                if (a < 0 || b < 0 || a >= n || b >= n || clipOf[a] != clipOf[s] || clipOf[b] != clipOf[t]) continue;
                float u = dist[a * n + b];
                if (Float.isNaN(u)) continue;
                boolean earlier = ds < 0 || (ds == 0 && dt < 0);
                if (earlier ? u <= v : u < v) return false;
            }
        }
        return true;
    }

    /** Closed-form optimal alignment of window B (start t) onto window A (start s), Kovar et al. eq. 2-4. */
    static Alignment align(double[][] pts, double[] sx, double[] sz, int s, int t, int k, int nj) {
        double w = 1.0 / (k * nj), mx = 0, mz = 0, nx = 0, nz = 0, c = 0, sn = 0;
        for (int p = 0; p < k; p++) {
            double[] a = pts[s + p], b = pts[t + p];
            mx += sx[s + p]; mz += sz[s + p]; nx += sx[t + p]; nz += sz[t + p];
            for (int j = 0; j < nj * 3; j += 3) {
                c += a[j] * b[j] + a[j + 2] * b[j + 2];
                sn += a[j] * b[j + 2] - a[j + 2] * b[j];
            }
        }
        mx *= w; mz *= w; nx *= w; nz *= w;
        double theta = Math.atan2(sn * w - (mx * nz - mz * nx), c * w - (mx * nx + mz * nz));
        double co = Math.cos(theta), si = Math.sin(theta);
        return new Alignment(theta, mx - (co * nx + si * nz), mz - (-si * nx + co * nz));
    }

    /** Kovar's blend: frame p mixes A[fa+p] and aligned B[fb+p] with weight alpha(p) = 2q^3 - 3q^2 + 1 on A, q = (p+1)/k. */
    static Motion blend(Motion a, int fa, Motion b, int fb, int k, Alignment al, String name) {
        Skeleton sk = a.skeleton();
        Motion.Builder out = new Motion.Builder(name, sk, a.fps(), k);
        for (int p = 0; p < k; p++) {
            double q = (p + 1.0) / k, alpha = 2 * q * q * q - 3 * q * q + 1;
            Vec3 ra = a.rootPosition(fa + p), rb = al.apply(b.rootPosition(fb + p));
            out.setRoot(p, ra.lerp(rb, 1 - alpha));
            for (int j = 0; j < sk.size(); j++) {
                Quat qb = j == 0 ? al.apply(b.rotation(fb + p, 0)) : b.rotation(fb + p, j);
                out.setRotation(p, j, a.rotation(fa + p, j).slerp(qb, 1 - alpha));
            }
        }
        return out.build();
    }
}
