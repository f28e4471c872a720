package org.clothgraph.motion.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.contact.FootContact;
import org.clothgraph.motion.contact.FootPlant;
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
 * transitions are local minima of the distance matrix below a threshold; near-duplicates among them are suppressed
 * (see {@link Options}); the graph is pruned to its largest strongly connected component. {@link #transition} and
 * {@link #transitionDistance} compute any single transition the same way, without building a graph.
 */
public final class MotionGraphBuilder {

    /**
     * Build options.
     * <ul>
     * <li>threshold: largest RMS joint distance in metres over the window for a transition (Kovar's epsilon);</li>
     * <li>window: k, the frames compared and blended per transition;</li>
     * <li>fps: clips are resampled to it;</li>
     * <li>excludeClips: names of clips left out of the graph;</li>
     * <li>minSameClipGap: a transition inside one clip must jump at least this many frames (else it is trivial);</li>
     * <li>duplicateRadius: near-duplicates. Of candidate transitions (local minima of the distance matrix below the
     * threshold, Kovar et al.) between the same two clips (in that order) whose source frames or whose target frames lie
     * within this many frames of each other only the one with the smallest distance is kept. 0 disables it;</li>
     * <li>span, maxPerSpan: fan-out and fan-in. At most maxPerSpan transitions leave from any span + 1 consecutive
     * frames of a clip, and at most maxPerSpan arrive in any span + 1 consecutive frames; the ones with the smallest
     * distance win. Stretches of near-identical poses (every demo clip starts and ends standing) would otherwise be
     * linked to nearly every other such stretch. maxPerSpan 0 disables it.</li>
     * <li>connectCap: the hard cap (metres, same measure as the threshold) for connecting transitions. Clips from
     * different sources (performers, studios, retargeted skeletons) often have no local minimum below the threshold
     * between them, and pruning would drop them entirely. After pruning, each clip left out of the strongly connected
     * component is connected back by the pair of transitions (one entry from the component, one exit to it, the exit
     * after the entry; the cheapest window pairs of the distance matrix, as a short clip may hold no local minimum
     * in reach) whose larger distance is smallest, if that distance is at most connectCap;
     * one clip at a time, the cheapest first, until no clip is left out or none can be connected below the cap; then,
     * while a pruned head or tail of a clip is longer than span frames and a candidate below the cap enters that head
     * from the component (or leaves that tail to it), the cheapest such transition is added. No transition above the
     * cap is ever made. 0 disables it (plain Kovar et al.).</li>
     * <li>maxFootSlideMm: feet must not skate. Every blend has its feet planted ({@link FootPlant}); a candidate whose
     * planted blend still slides a foot further than this ({@link org.clothgraph.motion.contact.FootSlide}: two clips
     * standing with their feet a little apart or turned differently) is passed over, by suppression (which then takes
     * the next best) and by the connecting step alike. 0: no limit.</li>
     * </ul>
     * Candidates are first pruned as in Kovar et al. (largest strongly connected component), suppression then picks
     * among the usable ones and the graph is pruned again; then clips left out are connected below connectCap.
     * Defaults (DEFAULT): 0.06 m, 10 frames, 30 fps, none excluded, gap 20, duplicate radius 30, span 30 (one second at
     * 30 fps), 3 per span: about 120 transitions for the 2,454 demo frames instead of about 2,200 local minima;
     * connectCap {@value #DEFAULT_CONNECT_CAP} m (every demo clip is connected below the threshold, so the cap adds
     * nothing to the demo graph).
     */
    public record Options(double threshold, int window, double fps, Set<String> excludeClips, int minSameClipGap,
            int duplicateRadius, int span, int maxPerSpan, double connectCap, double maxFootSlideMm) {
        public static final int DEFAULT_DUPLICATE_RADIUS = 30, DEFAULT_SPAN = 30, DEFAULT_MAX_PER_SPAN = 3;
        /** The hard cap of connecting transitions, metres RMS over the window (see the options above). */
        public static final double DEFAULT_CONNECT_CAP = 0.25;
        /** The largest foot slide of a transition's planted blend, mm (see the options above). */
        public static final double DEFAULT_MAX_FOOT_SLIDE_MM = 20;
        public static final Options DEFAULT = new Options(0.06, 10, 30, Set.of(), 20, DEFAULT_DUPLICATE_RADIUS, DEFAULT_SPAN,
                DEFAULT_MAX_PER_SPAN, DEFAULT_CONNECT_CAP, DEFAULT_MAX_FOOT_SLIDE_MM);

        public Options {
            if (!(threshold > 0) || window < 2 || !(fps > 0) || Double.isInfinite(fps) || minSameClipGap < 1
                    || duplicateRadius < 0 || span < 0 || maxPerSpan < 0 || !(connectCap >= 0) || Double.isInfinite(connectCap) || !(maxFootSlideMm >= 0)) {
                throw new IllegalArgumentException("bad options");
            }
            excludeClips = Set.copyOf(excludeClips);
        }

        /** The original five settings; the suppression settings and the cap take their defaults. */
        public Options(double threshold, int window, double fps, Set<String> excludeClips, int minSameClipGap) {
            this(threshold, window, fps, excludeClips, minSameClipGap, DEFAULT_DUPLICATE_RADIUS, DEFAULT_SPAN, DEFAULT_MAX_PER_SPAN,
                    DEFAULT_CONNECT_CAP, DEFAULT_MAX_FOOT_SLIDE_MM);
        }

        public Options withThreshold(double t) { return new Options(t, window, fps, excludeClips, minSameClipGap, duplicateRadius, span, maxPerSpan, connectCap, maxFootSlideMm); }
        public Options withWindow(int k) { return new Options(threshold, k, fps, excludeClips, minSameClipGap, duplicateRadius, span, maxPerSpan, connectCap, maxFootSlideMm); }
        public Options withFps(double f) { return new Options(threshold, window, f, excludeClips, minSameClipGap, duplicateRadius, span, maxPerSpan, connectCap, maxFootSlideMm); }
        public Options withExcluded(Set<String> names) { return new Options(threshold, window, fps, names, minSameClipGap, duplicateRadius, span, maxPerSpan, connectCap, maxFootSlideMm); }
        public Options withMinSameClipGap(int g) { return new Options(threshold, window, fps, excludeClips, g, duplicateRadius, span, maxPerSpan, connectCap, maxFootSlideMm); }
        public Options withDuplicateRadius(int r) { return new Options(threshold, window, fps, excludeClips, minSameClipGap, r, span, maxPerSpan, connectCap, maxFootSlideMm); }
        /** Suppression span in frames and the largest number of transitions leaving (or arriving) per span. */
        public Options withSpan(int frames, int max) { return new Options(threshold, window, fps, excludeClips, minSameClipGap, duplicateRadius, frames, max, connectCap, maxFootSlideMm); }
        /** No suppression (near-duplicates, fan limits, foot slide): every local minimum below the threshold is a candidate (plain Kovar et al.). */
        public Options withoutSuppression() { return new Options(threshold, window, fps, excludeClips, minSameClipGap, 0, span, 0, connectCap, 0); }
        /** The largest foot slide (mm) of a transition's planted blend; 0: no limit. */
        public Options withMaxFootSlide(double mm) { return new Options(threshold, window, fps, excludeClips, minSameClipGap, duplicateRadius, span, maxPerSpan, connectCap, mm); }
        /** The hard cap of connecting transitions; 0: none (clips without a transition below the threshold are pruned). */
        public Options withConnectCap(double cap) { return new Options(threshold, window, fps, excludeClips, minSameClipGap, duplicateRadius, span, maxPerSpan, cap, maxFootSlideMm); }
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
        double thr2 = opt.threshold() * opt.threshold(), cap = Math.max(opt.threshold(), opt.connectCap()), cap2 = cap * cap;
        List<int[]> cand = new ArrayList<>(), wide = new ArrayList<>();
        SubMonitor mm = sub.split(10).setWorkRemaining(n);
        for (int s = 1; s < n; s++) {
            if (valid[s] && clipOf[s - 1] == clipOf[s]) {
                for (int t = 0; t < n; t++) {
                    float v = dist[s * n + t];
                    if (!(v <= cap2)) continue;
                    if (clipOf[s] == clipOf[t] && Math.abs(s - t) < opt.minSameClipGap()) continue;
                    if (isLocalMin(dist, n, s, t, v, clipOf)) {
                        wide.add(new int[] {s, t});
                        if (v < thr2) cand.add(new int[] {s, t});
                    }
                }
            }
            mm.split(1);
        }
        int minima = cand.size();
        // Kovar's pruning first, over all candidates, so suppression only chooses among transitions that are usable;
        // then near-duplicate suppression, then pruning again over the kept transitions
        boolean[] usable = largestScc(n, k, clipOf, excluded, cand);
        List<int[]> useful = new ArrayList<>(), unusable = new ArrayList<>();
        for (int[] c : cand) (usable[c[0] - 1] && usable[c[1] + k - 1] ? useful : unusable).add(c);
        Smoothness smooth = new Smoothness(clips, pts, first, clipOf, frameOf, k, opt.maxFootSlideMm());
        int[] slideRejected = new int[1];
        List<int[]> chosen = suppress(useful, dist, n, clipOf, clips.size(), opt, c -> {
            boolean ok = smooth.feetPlanted(c[0], c[1]);
            if (!ok) slideRejected[0]++;
            return ok;
        });
        int suppressed = useful.size() - chosen.size();
        boolean[] keep = largestScc(n, k, clipOf, excluded, chosen);
        int connecting = 0;
        if (opt.connectCap() > 0) {
            List<int[]> added = connect(new ArrayList<>(wide), chosen, keep, dist, n, k, clipOf, excluded, clips.size(), k, smooth,
                    valid, cap2);
            connecting = added.size();
            if (connecting > 0) {
                chosen = new ArrayList<>(chosen);
                chosen.addAll(added);
                chosen.sort(Comparator.<int[]>comparingInt(c -> c[0]).thenComparingInt(c -> c[1]));
                keep = largestScc(n, k, clipOf, excluded, chosen);
            }
        }
        long t3 = System.nanoTime();

        sub.split(5);
        for (int c = 0; c < clips.size(); c++) {
            if (excluded[c]) continue;
            int start = -1;
            for (int f = 0; f <= clips.get(c).frameCount(); f++) {
                boolean gone = f < clips.get(c).frameCount() && !keep[first[c] + f];
                if (gone && start < 0) start = f;
                if (!gone && start >= 0) {
                    removed.add(removedRange(c, clips.get(c), start, f - 1, first[c], keep, dist, n, k, clipOf, valid, opt));
                    start = -1;
                }
            }
        }
        removed.sort(Comparator.comparingInt(RemovedRange::clip).thenComparingInt(RemovedRange::from));
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) if (keep[i]) nodes.add(new Node(clipOf[i], frameOf[i]));
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i + 1 < n; i++) {
            if (keep[i] && keep[i + 1] && clipOf[i] == clipOf[i + 1]) {
                edges.add(new Edge(new Node(clipOf[i], frameOf[i]), new Node(clipOf[i], frameOf[i + 1]), Kind.CLIP, 0, Alignment.IDENTITY, null));
            }
        }
        List<DroppedTransition> dropped = new ArrayList<>();
        for (int[] c : unusable) dropped.add(dropped(c, n, k, dist, clipOf, frameOf, "endpoint pruned"));
        SubMonitor bm = sub.split(15).setWorkRemaining(Math.max(1, chosen.size()));
        for (int[] c : chosen) {
            int from = c[0] - 1, to = c[1] + k - 1;
            if (!keep[from] || !keep[to]) {
                dropped.add(dropped(c, n, k, dist, clipOf, frameOf, "endpoint pruned after near-duplicate suppression"));
            } else {
                edges.add(make(clips, clipOf[from], frameOf[from], clipOf[to], frameOf[to], k, pts, c[0], c[1]).toEdge());
            }
            bm.split(1);
        }
        dropped.sort(Comparator.comparingInt(DroppedTransition::fromClip).thenComparingInt(DroppedTransition::fromFrame)
                .thenComparingInt(DroppedTransition::toClip).thenComparingInt(DroppedTransition::toFrame));
        long t4 = System.nanoTime();
        int kept = (int) edges.stream().filter(e -> e.kind() == Kind.TRANSITION).count();
        int total = (int) IntStream.range(0, n).filter(i -> !excluded[clipOf[i]]).count();
        PruneReport report = new PruneReport(List.copyOf(removed), List.copyOf(dropped), minima, suppressed, kept, nodes.size(), total,
                connecting, opt.threshold(), opt.connectCap(), slideRejected[0], opt.maxFootSlideMm());
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

    private static DroppedTransition dropped(int[] c, int n, int k, float[] dist, int[] clipOf, int[] frameOf, String reason) {
        int from = c[0] - 1, to = c[1] + k - 1;
        return new DroppedTransition(clipOf[from], frameOf[from], clipOf[to], frameOf[to], Math.sqrt(Math.max(0, dist[c[0] * n + c[1]])),
                reason);
    }

    /** Frames in the largest strongly connected component of clip edges plus the given transitions (s-1 -> t+k-1). */
    private static boolean[] largestScc(int n, int k, int[] clipOf, boolean[] excluded, List<int[]> cand) {
        Graph<Integer, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
        for (int i = 0; i < n; i++) if (!excluded[clipOf[i]]) g.addVertex(i);
        for (int i = 0; i + 1 < n; i++) if (!excluded[clipOf[i]] && clipOf[i + 1] == clipOf[i]) g.addEdge(i, i + 1);
        for (int[] c : cand) g.addEdge(c[0] - 1, c[1] + k - 1);
        boolean[] keep = new boolean[n];
        if (!g.vertexSet().isEmpty()) {
            List<Set<Integer>> sccs = new KosarajuStrongConnectivityInspector<>(g).stronglyConnectedSets();
            sccs.stream().max(Comparator.<Set<Integer>>comparingInt(Set::size)
                    .thenComparing(s -> -s.stream().mapToInt(Integer::intValue).min().orElse(0)))
                    .ifPresent(s -> s.forEach(i -> keep[i] = true));
        }
        return keep;
    }

    /**
     * Near-duplicate suppression of the local minima, greedy by increasing distance (see {@link Options}): a candidate
     * is dropped when a kept one between the same two clips starts or ends within duplicateRadius frames of it, or
     * when maxPerSpan kept transitions already leave from within span frames of its source frame or arrive within span
     * frames of its target frame. Returns the kept candidates sorted by source then target.
     */
    private static List<int[]> suppress(List<int[]> cand, float[] dist, int n, int[] clipOf, int clipCount, Options opt,
            java.util.function.Predicate<int[]> acceptable) {
        int r = opt.duplicateRadius() > 0 ? opt.duplicateRadius() : -1, span = opt.span(), max = opt.maxPerSpan();
        List<int[]> sorted = new ArrayList<>(cand);
        sorted.sort(Comparator.<int[]>comparingDouble(c -> dist[c[0] * n + c[1]]).thenComparingInt(c -> c[0]).thenComparingInt(c -> c[1]));
        Map<Integer, List<int[]>> byPair = new HashMap<>();
        List<List<Integer>> sources = new ArrayList<>(), targets = new ArrayList<>();
        for (int c = 0; c < clipCount; c++) { sources.add(new ArrayList<>()); targets.add(new ArrayList<>()); }
        List<int[]> kept = new ArrayList<>();
        for (int[] c : sorted) {
            List<int[]> same = byPair.computeIfAbsent(clipOf[c[0]] * clipCount + clipOf[c[1]], x -> new ArrayList<>());
            boolean duplicate = false;
            for (int[] o : same) {
                int ds = Math.abs(c[0] - o[0]), dt = Math.abs(c[1] - o[1]);
                if (ds <= r || dt <= r) {
                    duplicate = true;
                    break;
                }
            }
            if (duplicate || (max > 0 && (near(sources.get(clipOf[c[0]]), c[0], span) >= max
                    || near(targets.get(clipOf[c[1]]), c[1], span) >= max)) || !acceptable.test(c)) {
                continue;
            }
            same.add(c);
            sources.get(clipOf[c[0]]).add(c[0]);
            targets.get(clipOf[c[1]]).add(c[1]);
            kept.add(c);
        }
        kept.sort(Comparator.<int[]>comparingInt(c -> c[0]).thenComparingInt(c -> c[1]));
        return kept;
    }

    /**
     * Connects clips left out of the strongly connected component (see {@link Options}): per clip the pair of candidate
     * transitions, one entry from a kept frame and one exit to a kept frame leaving at or after the entry's target,
     * whose larger distance is smallest; the cheapest clip first, then the component is recomputed. Returns the added
     * transitions.
     */
    private static List<int[]> connect(List<int[]> wide, List<int[]> chosen, boolean[] keep0, float[] dist, int n, int k,
            int[] clipOf, boolean[] excluded, int clipCount, int span, Smoothness smooth, boolean[] valid, double cap2) {
        List<int[]> all = new ArrayList<>(chosen), added = new ArrayList<>();
        Set<Long> rejected = new java.util.HashSet<>();
        boolean[] keep = keep0, connected = new boolean[clipCount];
        while (true) {
            boolean[] present = new boolean[clipCount];
            for (int i = 0; i < n; i++) if (keep[i]) present[clipOf[i]] = true;
            int[] bestPair = null;
            double bestCost = Double.MAX_VALUE;
            // per frame of a missing clip: the cheapest window pair entering it from the component and leaving it to the
            // component (the whole distance matrix, not only its local minima: a short clip may have none in reach)
            List<Integer> sources = new ArrayList<>(), targets = new ArrayList<>();
            for (int w = 1; w < n; w++) {
                if (valid[w] && clipOf[w - 1] == clipOf[w] && keep[w - 1]) sources.add(w);
            }
            for (int w = 0; w + k - 1 < n; w++) {
                if (valid[w] && keep[w + k - 1]) targets.add(w);
            }
            int[] entrySoFar = null;
            float entryCost = Float.MAX_VALUE;
            for (int g = 0; g < n; g++) {
                if (g == 0 || clipOf[g] != clipOf[g - 1]) {
                    entrySoFar = null;
                    entryCost = Float.MAX_VALUE;
                }
                int c = clipOf[g];
                if (excluded[c] || present[c]) continue;
                int t = g - k + 1;
                if (t >= 0 && valid[t] && clipOf[t] == c) {
                    for (int src : sources) {
                        float d = dist[src * n + t];
                        if (d < entryCost && d <= cap2 && clipOf[src] != c && !rejected.contains((long) src * n + t)) {
                            entryCost = d;
                            entrySoFar = new int[] {src, t};
                        }
                    }
                }
                int sx = g + 1;
                if (entrySoFar != null && sx < n && valid[sx] && clipOf[sx] == c && clipOf[g] == c) {
                    float exitCost = Float.MAX_VALUE;
                    int bestT = -1;
                    for (int tt : targets) {
                        float d = dist[sx * n + tt];
                        if (d < exitCost && d <= cap2 && clipOf[tt] != c && !rejected.contains((long) sx * n + tt)) {
                            exitCost = d;
                            bestT = tt;
                        }
                    }
                    if (bestT >= 0) {
                        double cost = Math.max(entryCost, exitCost);
                        if (cost < bestCost) {
                            bestCost = cost;
                            bestPair = new int[] {entrySoFar[0], entrySoFar[1], sx, bestT};
                        }
                    }
                }
            }
            if (bestPair == null) return extend(wide, all, added, keep, dist, n, k, clipOf, excluded, connected, span, smooth);
            boolean entryRough = !smooth.test(bestPair[0], bestPair[1]), exitRough = !smooth.test(bestPair[2], bestPair[3]);
            if (entryRough || exitRough) {
                // a blend that jerks or skates more than the clips do is no transition: forget it and look again
                if (entryRough) rejected.add((long) bestPair[0] * n + bestPair[1]);
                if (exitRough) rejected.add((long) bestPair[2] * n + bestPair[3]);
                continue;
            }
            connected[clipOf[bestPair[1] + k - 1]] = true;
            added.add(new int[] {bestPair[0], bestPair[1]});
            added.add(new int[] {bestPair[2], bestPair[3]});
            all.add(new int[] {bestPair[0], bestPair[1]});
            all.add(new int[] {bestPair[2], bestPair[3]});
            keep = largestScc(n, k, clipOf, excluded, all);
        }
    }

    /**
     * Whether a candidate's blend is as smooth as the clips it joins: no joint moves further between two shown frames
     * (the source frame, the blended frames, the aligned next target frame) than it ever does between two frames of
     * either clip. Connecting transitions, being above the threshold, must pass it.
     */
    private static final class Smoothness {
        private final List<Motion> clips;
        private final double[][] pts;
        private final int[] first, clipOf, frameOf;
        private final int k;
        private final double[] clipStep;
        private final double maxSlideMm;

        Smoothness(List<Motion> clips, double[][] pts, int[] first, int[] clipOf, int[] frameOf, int k, double maxSlideMm) {
            this.maxSlideMm = maxSlideMm;
            this.clips = clips;
            this.pts = pts;
            this.first = first;
            this.clipOf = clipOf;
            this.frameOf = frameOf;
            this.k = k;
            clipStep = new double[clips.size()];
            for (int g = 1; g < pts.length; g++) {
                if (clipOf[g] == clipOf[g - 1]) clipStep[clipOf[g]] = Math.max(clipStep[clipOf[g]], step(pts[g - 1], pts[g]));
            }
        }

        /** The planted blend of candidate (s, t) slides no foot further than the limit. */
        boolean feetPlanted(int s, int t) {
            if (maxSlideMm <= 0) return true;
            int from = s - 1, to = t + k - 1;
            return make(clips, clipOf[from], frameOf[from], clipOf[to], frameOf[to], k, pts, s, t).footSlideMm(clips) < maxSlideMm;
        }

        boolean test(int s, int t) {
            int from = s - 1, to = t + k - 1;
            Transition tr = make(clips, clipOf[from], frameOf[from], clipOf[to], frameOf[to], k, pts, s, t);
            if (maxSlideMm > 0 && tr.footSlideMm(clips) >= maxSlideMm) return false;
            double limit = Math.max(clipStep[clipOf[from]], clipStep[clipOf[to]]);
            int nj = clips.get(0).skeleton().size();
            double[] prev = pts[from], cur = new double[nj * 3];
            for (int p = 0; p < k; p++) {
                tr.blend().worldPositions(p, cur);
                if (step(prev, cur) > limit) return false;
                prev = cur.clone();
            }
            Motion b = clips.get(clipOf[to]);
            if (frameOf[to] + 1 < b.frameCount()) {
                double[] next = pts[first[clipOf[to]] + frameOf[to] + 1].clone();
                for (int j = 0; j < nj; j++) {
                    Vec3 v = tr.alignment().apply(new Vec3(next[j * 3], next[j * 3 + 1], next[j * 3 + 2]));
                    next[j * 3] = v.x();
                    next[j * 3 + 1] = v.y();
                    next[j * 3 + 2] = v.z();
                }
                if (step(prev, next) > limit) return false;
            }
            return true;
        }

        private static double step(double[] a, double[] b) {
            double m = 0;
            for (int i = 0; i < a.length; i += 3) {
                double dx = a[i] - b[i], dy = a[i + 1] - b[i + 1], dz = a[i + 2] - b[i + 2];
                m = Math.max(m, dx * dx + dy * dy + dz * dz);
            }
            return Math.sqrt(m);
        }
    }

    /**
     * Then the connected clips' pruned heads and tails longer than span frames: the cheapest candidate entry from the kept graph
     * landing in a pruned head, the cheapest exit to the kept graph leaving a pruned tail, while one below the cap
     * keeps more frames. Each step keeps more frames, so this ends.
     */
    private static List<int[]> extend(List<int[]> wide, List<int[]> all, List<int[]> added, boolean[] keep0, float[] dist, int n,
            int k, int[] clipOf, boolean[] excluded, boolean[] connected, int span, Smoothness smooth) {
        boolean[] keep = keep0;
        while (true) {
            // frames of a pruned head (before a clip's first kept frame) or tail (after its last), in runs longer than span
            boolean[] head = new boolean[n], tail = new boolean[n];
            for (int g = 0; g < n; ) {
                int e = g;
                while (e < n && clipOf[e] == clipOf[g]) e++;
                int lo = g, hi = e - 1;
                while (lo < e && !keep[lo]) lo++;
                while (hi >= g && !keep[hi]) hi--;
                if (lo < e && connected[clipOf[g]]) {
                    if (lo - g > span) for (int i = g; i < lo; i++) head[i] = true;
                    if (hi + 1 < e && e - 1 - hi > span) for (int i = hi + 1; i < e; i++) tail[i] = true;
                }
                g = e;
            }
            int[] best = null;
            for (int[] w : wide) {
                int from = w[0] - 1, to = w[1] + k - 1;
                if ((head[to] && keep[from]) || (tail[from] && keep[to])) {
                    if (best == null || dist[w[0] * n + w[1]] < dist[best[0] * n + best[1]]) best = w;
                }
            }
            if (best == null) return added;
            if (!smooth.test(best[0], best[1])) {
                wide.remove(best);
                continue;
            }
            added.add(best);
            all.add(best);
            keep = largestScc(n, k, clipOf, excluded, all);
        }
    }

    /**
     * A removed frame range with its reason and the threshold that would keep it: for a whole clip the smallest
     * larger distance of an entry and a later exit linking it with the kept graph; for the head of a clip the
     * cheapest entry into the range, for its tail the cheapest exit from it (any window pair, not only local minima).
     */
    private static RemovedRange removedRange(int c, Motion clip, int from, int to, int first, boolean[] keep, float[] dist, int n, int k,
            int[] clipOf, boolean[] valid, Options opt) {
        int last = clip.frameCount() - 1;
        boolean whole = from == 0 && to == last;
        // best entry per target frame, best exit per source frame (frames of this clip)
        double[] entry = new double[last + 1], exit = new double[last + 1];
        java.util.Arrays.fill(entry, Double.MAX_VALUE);
        java.util.Arrays.fill(exit, Double.MAX_VALUE);
        for (int f = 0; f <= last; f++) {
            int g = first + f;
            int t = g - k + 1; // window start of an entry landing on g
            if (t >= 0 && valid[t] && clipOf[t] == c) {
                for (int s = 1; s < n; s++) {
                    if (valid[s] && clipOf[s - 1] == clipOf[s] && clipOf[s] != c && keep[s - 1]) entry[f] = Math.min(entry[f], dist[s * n + t]);
                }
            }
            int s = g + 1; // window start of an exit leaving g
            if (s < n && valid[s] && clipOf[s] == c) {
                for (int u = 0; u < n; u++) {
                    if (valid[u] && clipOf[u] != c && u + k - 1 < n && keep[u + k - 1]) exit[f] = Math.min(exit[f], dist[s * n + u]);
                }
            }
        }
        double need = Double.MAX_VALUE;
        if (whole) {
            double bestEntry = Double.MAX_VALUE;
            for (int f = 0; f <= last; f++) {
                bestEntry = Math.min(bestEntry, entry[f]);
                need = Math.min(need, Math.max(bestEntry, exit[f]));
            }
        } else if (from == 0) {
            for (int f = from; f <= to; f++) need = Math.min(need, entry[f]);
        } else {
            for (int f = from; f <= to; f++) need = Math.min(need, exit[f]);
        }
        double keepAt = need == Double.MAX_VALUE ? Double.NaN : Math.sqrt(need);
        String reason;
        String suppressedNote = keepAt < opt.threshold()
                ? " below the threshold but near-duplicate suppression (span " + opt.span() + ", " + opt.maxPerSpan() + " per span) kept better ones"
                : "";
        if (!suppressedNote.isEmpty()) keepAt = Double.NaN;
        if (whole) {
            reason = String.format(java.util.Locale.ROOT, "no pair of transitions links it both ways with the rest, smoothly and"
                    + " without sliding the feet, below %s",
                    opt.connectCap() > 0 ? String.format(java.util.Locale.ROOT, "the hard cap %.2f m", Math.max(opt.threshold(), opt.connectCap()))
                            : String.format(java.util.Locale.ROOT, "the threshold %.3f m", opt.threshold()));
        } else if (from == 0) {
            reason = "unreachable: no transition enters these frames" + (to < k - 1 ? " (the first window - 1 frames of a clip can only be played from its start)" : suppressedNote);
        } else {
            reason = "dead end: no transition leaves these frames" + (to == last && from > last - k ? " (the last window frames of a clip are only blended from)" : suppressedNote);
        }
        return new RemovedRange(c, clip.name(), from, to, reason, keepAt);
    }

    private static int near(List<Integer> frames, int f, int span) {
        int count = 0;
        for (int g : frames) if (Math.abs(g - f) <= span) count++;
        return count;
    }

    // ------------------------------------------------------------------------------------------------ public helpers

    /**
     * Computes any transition exactly as the builder computes its own edges: from frame fromFrame of clip fromClip to
     * frame toFrame of clip toClip, comparing and blending the window frames fromClip[fromFrame + 1 .. fromFrame + window]
     * with toClip[toFrame - window + 1 .. toFrame]. Use it for transitions added by hand and to replay the blend of a
     * stored transition without rebuilding the graph. The clips must be at the graph's frame rate (pass
     * {@link MotionGraph#clips()}, or the clips resampled to {@link Options#fps()}); for an edge of a graph built from
     * the same clips and window the result equals the edge (distance, alignment and blended poses).
     *
     * @throws IllegalArgumentException when an index is out of range, the window does not fit into the clips, or
     *         the clips differ in skeleton or frame rate
     */
    public static Transition transition(List<Motion> clips, int fromClip, int fromFrame, int toClip, int toFrame, int window) {
        check(clips, fromClip, fromFrame, toClip, toFrame, window);
        Motion a = clips.get(fromClip), b = clips.get(toClip);
        int nj = a.skeleton().size();
        double[][] pts = new double[2 * window][];
        for (int p = 0; p < window; p++) {
            pts[p] = new double[nj * 3];
            a.worldPositions(fromFrame + 1 + p, pts[p]);
            pts[window + p] = new double[nj * 3];
            b.worldPositions(toFrame - window + 1 + p, pts[window + p]);
        }
        return make(clips, fromClip, fromFrame, toClip, toFrame, window, pts, 0, window);
    }

    /**
     * The transition distance alone (the quality shown for a transition): RMS joint-position distance in metres
     * between fromClip[fromFrame + 1 .. fromFrame + window] and toClip[toFrame - window + 1 .. toFrame] after the
     * optimal rotation about Y and ground translation. Same value as {@link #transition}'s distance.
     */
    public static double transitionDistance(List<Motion> clips, int fromClip, int fromFrame, int toClip, int toFrame, int window) {
        check(clips, fromClip, fromFrame, toClip, toFrame, window);
        return windowDistance(clips.get(fromClip), fromFrame + 1, clips.get(toClip), toFrame - window + 1, window);
    }

    /**
     * Kovar's frame distance D(a[startA], b[startB]) for one pair: RMS joint-position distance in metres between the
     * window frames a[startA ..] and b[startB ..] after the optimal rotation about Y plus ground translation of b.
     * The builder thresholds the square of this value.
     */
    public static double windowDistance(Motion a, int startA, Motion b, int startB, int window) {
        if (window < 1) throw new IllegalArgumentException("window " + window);
        if (a.skeleton() != b.skeleton()) throw new IllegalArgumentException("clips are on different skeletons");
        if (startA < 0 || startA + window > a.frameCount() || startB < 0 || startB + window > b.frameCount()) {
            throw new IllegalArgumentException("window of " + window + " frames does not fit at " + startA + " / " + startB);
        }
        int nj = a.skeleton().size();
        double[][] pts = new double[2 * window][];
        for (int p = 0; p < window; p++) {
            pts[p] = new double[nj * 3];
            a.worldPositions(startA + p, pts[p]);
            pts[window + p] = new double[nj * 3];
            b.worldPositions(startB + p, pts[window + p]);
        }
        return rms(pts, 0, window, window, nj, align(pts, 0, window, window, nj));
    }

    private static void check(List<Motion> clips, int fromClip, int fromFrame, int toClip, int toFrame, int window) {
        if (window < 2) throw new IllegalArgumentException("window must be at least 2, got " + window);
        if (fromClip < 0 || fromClip >= clips.size() || toClip < 0 || toClip >= clips.size()) {
            throw new IllegalArgumentException("clip index out of range: " + fromClip + " -> " + toClip);
        }
        Motion a = clips.get(fromClip), b = clips.get(toClip);
        if (a.skeleton() != b.skeleton()) throw new IllegalArgumentException("clips are on different skeletons");
        if (Math.abs(a.fps() - b.fps()) > 1e-6 * a.fps()) {
            throw new IllegalArgumentException("clips differ in frame rate: " + a.fps() + " vs " + b.fps());
        }
        if (fromFrame < 0 || fromFrame + window >= a.frameCount()) {
            throw new IllegalArgumentException("source frame " + fromFrame + " of " + a.name() + ": needs " + window
                    + " following frames in a clip of " + a.frameCount());
        }
        if (toFrame >= b.frameCount() || toFrame - window + 1 < 0) {
            throw new IllegalArgumentException("target frame " + toFrame + " of " + b.name() + ": needs " + (window - 1)
                    + " preceding frames in a clip of " + b.frameCount());
        }
    }

    /** The shared core: pts[s ..] are the source window's point clouds, pts[t ..] the target window's. */
    private static Transition make(List<Motion> clips, int fromClip, int fromFrame, int toClip, int toFrame, int k, double[][] pts,
            int s, int t) {
        Motion a = clips.get(fromClip), b = clips.get(toClip);
        int nj = a.skeleton().size();
        Alignment al = align(pts, s, t, k, nj);
        double d = rms(pts, s, t, k, nj, al);
        Motion blend = blend(a, fromFrame + 1, b, toFrame - k + 1, k, al, a.name() + "->" + b.name());
        return new Transition(fromClip, fromFrame, toClip, toFrame, k, d, al, blend);
    }

    /** Closed-form optimal alignment of window B (start t) onto window A (start s), Kovar et al. eq. 2-4. */
    static Alignment align(double[][] pts, int s, int t, int k, int nj) {
        double w = 1.0 / (k * nj), mx = 0, mz = 0, nx = 0, nz = 0, c = 0, sn = 0;
        for (int p = 0; p < k; p++) {
            double[] a = pts[s + p], b = pts[t + p];
            for (int j = 0; j < nj * 3; j += 3) {
                mx += a[j]; mz += a[j + 2]; nx += b[j]; nz += b[j + 2];
                c += a[j] * b[j] + a[j + 2] * b[j + 2];
                sn += a[j] * b[j + 2] - a[j + 2] * b[j];
            }
        }
        mx *= w; mz *= w; nx *= w; nz *= w;
        double theta = Math.atan2(sn * w - (mx * nz - mz * nx), c * w - (mx * nx + mz * nz));
        double co = Math.cos(theta), si = Math.sin(theta);
        return new Alignment(theta, mx - (co * nx + si * nz), mz - (-si * nx + co * nz));
    }

    /** RMS distance between window A and the aligned window B. */
    static double rms(double[][] pts, int s, int t, int k, int nj, Alignment al) {
        double co = Math.cos(al.yaw()), si = Math.sin(al.yaw()), sum = 0;
        for (int p = 0; p < k; p++) {
            double[] a = pts[s + p], b = pts[t + p];
            for (int j = 0; j < nj * 3; j += 3) {
                double x = co * b[j] + si * b[j + 2] + al.dx() - a[j], y = b[j + 1] - a[j + 1];
                double z = -si * b[j] + co * b[j + 2] + al.dz() - a[j + 2];
                sum += x * x + y * y + z * z;
            }
        }
        return Math.sqrt(sum / (k * nj));
    }

    /**
     * Kovar's blend with the feet planted ({@link FootPlant}): frame p mixes A[fa+p] and aligned B[fb+p], and a foot in
     * contact in either frame is held on the ground by inverse kinematics.
     */
    static Motion blend(Motion a, int fa, Motion b, int fb, int k, Alignment al, String name) {
        Motion plain = plainBlend(a, fa, b, fb, k, al, name);
        List<FootContact.Point> points = FootContact.points(a.skeleton());
        if (points.isEmpty()) return plain;
        boolean[][] ca = windowContacts(a, fa, k, points), cb = windowContacts(b, fb, k, points);
        boolean[][] sourceContact = new boolean[k][], targetContact = new boolean[k][];
        for (int p = 0; p < k; p++) {
            sourceContact[p] = ca[p + 1];
            targetContact[p] = cb[p + 1];
        }
        Vec3[] w = a.worldPositions(fa - 1);
        Vec3[] ankles = new Vec3[2];
        for (int side = 0; side < 2; side++) {
            int j = a.skeleton().indexOf((side == 0 ? "Left" : "Right") + "Foot");
            ankles[side] = j >= 0 ? w[j] : Vec3.ZERO;
        }
        return FootPlant.enforce(plain, sourceContact, targetContact, ca[0], ankles);
    }

    /** Contacts of frames start-1 .. start+k-1 of a clip (index 0 = start-1), speeds from their neighbours. */
    private static boolean[][] windowContacts(Motion m, int start, int k, List<FootContact.Point> points) {
        int lo = Math.max(0, start - 2), hi = Math.min(m.frameCount() - 1, start + k);
        Vec3[][] pos = new Vec3[hi - lo + 1][];
        for (int f = lo; f <= hi; f++) pos[f - lo] = FootContact.positions(points, m, f);
        boolean[][] c = FootContact.contacts(points, pos, m.fps());
        boolean[][] out = new boolean[k + 1][];
        for (int i = 0; i <= k; i++) {
            int f = Math.max(lo, start - 1 + i);
            out[i] = c[f - lo];
        }
        return out;
    }

    /** Kovar's blend without foot constraints: frame p mixes A[fa+p] and aligned B[fb+p] with weight alpha(p) = 2q^3 - 3q^2 + 1 on A, q = (p+1)/k. */
    public static Motion plainBlend(Motion a, int fa, Motion b, int fb, int k, Alignment al, String name) {
        Skeleton sk = a.skeleton();
        Motion.Builder out = new Motion.Builder(name, sk, a.fps(), k);
        for (int p = 0; p < k; p++) {
            double q = (p + 1.0) / k, alpha = 2 * q * q * q - 3 * q * q + 1;
            Vec3 ra = a.rootPosition(fa + p), rb = al.apply(b.rootPosition(fb + p));
            out.setRoot(p, ra.lerp(rb, 1 - alpha));
            for (int j = 0; j < sk.size(); j++) {
                Quat qb = j == 0 ? al.apply(b.rotation(fb + p, 0)) : b.rotation(fb + p, j);
                out.setRotation(p, j, a.rotation(fa + p, j).slerp(qb, 1 - alpha));
                if (j > 0 && sk.joint(j).hasPositionChannels()) {
                    out.setTranslation(p, j, a.localTranslation(fa + p, j).lerp(b.localTranslation(fb + p, j), 1 - alpha));
                }
            }
        }
        return out.build();
    }
}
