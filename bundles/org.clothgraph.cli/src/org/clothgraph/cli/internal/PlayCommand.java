package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.clothgraph.model.CompressedDatabaseInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.playback.ProjectDatabases;
import org.clothgraph.runtime.PlaybackFrame;
import org.clothgraph.runtime.Player;
import org.clothgraph.runtime.RandomController;
import org.clothgraph.runtime.RuntimeDatabase;
import org.clothgraph.runtime.RuntimeDatabaseException;

/**
 * {@code play --headless}: decodes a runtime database along a random walk of the primary graph, as fast as it
 * can, and reports the decode rate and the error bounds; {@code --worst N} lists the merged transitions whose
 * blends start with the largest bounds, the paths a person should review.
 */
public final class PlayCommand extends WorkspaceCommand {
    public PlayCommand() {
        super("play", "Play a runtime database headless along a random walk (decode rate, error bounds).");
        option(Option.flag("headless", "decode without a window (the Playback view is in the workbench)"));
        option(Option.value("seconds", "S", "seconds of character motion to play (default 10)"));
        option(Option.value("seed", "N", "seed of the random walk (default 1)"));
        option(Option.value("threads", "T", "decode threads (default 1)"));
        option(Option.value("database", "NAME|FILE", "which database (default: the project's newest)"));
        option(Option.value("worst", "N", "list the N merged transitions with the largest error bounds instead"));
    }

    @Override
    protected String usage() {
        return "--workspace DIR --headless [--seconds S] [--seed N] [--threads T] [--database NAME|FILE] [--worst N]"
                + " [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        if (!args.flag("headless")) {
            throw new UsageException("the command line plays --headless; the Playback view is in the workbench");
        }
        Path file = database(project, args.value("database").orElse(null));
        try (RuntimeDatabase db = RuntimeDatabase.open(file)) {
            Map<String, Object> r = args.value("worst").isPresent()
                    ? worst(db, args.intValue("worst", 10, 1, 1_000_000))
                    : walk(db, args.doubleValue("seconds", 10, 0.01, 1e6), args.intValue("seed", 1, 0,
                            Integer.MAX_VALUE), args.intValue("threads", 1, 1, 256));
            if (args.flag("json")) {
                JsonOutput.print(out, r);
            } else {
                r.forEach((k, v) -> out.println(k + ": " + v));
            }
        } catch (RuntimeDatabaseException e) {
            throw new InvalidInputException((String) null, null, e.getMessage(), e);
        }
        return 0;
    }

    static Path database(Project project, String which) {
        List<CompressedDatabaseInfo> dbs = project.databases();
        if (which != null) {
            for (CompressedDatabaseInfo d : dbs) {
                if (d.name().equals(which)) {
                    return ProjectDatabases.file(project, d);
                }
            }
            return Path.of(which);
        }
        if (dbs.isEmpty()) {
            throw new InvalidInputException(project.folder().toString(), "databases", "no runtime database: run"
                    + " clothgraph compress first");
        }
        return ProjectDatabases.file(project, dbs.get(dbs.size() - 1));
    }

    static Map<String, Object> walk(RuntimeDatabase db, double seconds, int seed, int threads) {
        int frames = (int) Math.max(1, Math.round(seconds * db.fps()));
        long[] nanos = new long[frames];
        double maxBound = 0;
        int maxBoundFrame = 0;
        int merges = 0;
        int resets = 0;
        Map<String, Integer> classes = new TreeMap<>();
        java.util.Set<Long> nodes = new java.util.HashSet<>();
        long checksum = 0;
        long t0;
        PlaybackFrame last;
        try (Player player = new Player(db, threads)) {
            RandomController controller = new RandomController(seed);
            t0 = System.nanoTime();
            for (int i = 0; i < frames; i++) {
                if (player.choices().isEmpty()) {
                    player.reset();
                    resets++;
                }
                PlaybackFrame f = player.advance(controller.choose(player));
                nanos[i] = f.decodeNanos();
                if (f.errorBoundMm() > maxBound) {
                    maxBound = f.errorBoundMm();
                    maxBoundFrame = i;
                }
                merges += f.mergeCrossed() ? 1 : 0;
                classes.merge(f.classLabel().isEmpty() ? "(none)" : f.classLabel(), 1, Integer::sum);
                if (f.primaryNode() >= 0) {
                    nodes.add(f.primaryNode());
                }
                checksum = checksum * 31 + Float.floatToIntBits(f.positions()[i % f.positions().length]);
            }
            last = player.current();
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(nanos).average().orElse(0) / 1e6;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("database", db.file().toString());
        m.put("vertices", db.vertexCount());
        m.put("basis", db.basisSize());
        m.put("frames", frames);
        m.put("seconds", seconds);
        m.put("seed", seed);
        m.put("threads", threads);
        m.put("wallSeconds", BenchCommand.round(wall));
        m.put("fps", BenchCommand.round(frames / wall));
        m.put("decodeMsMean", BenchCommand.round(mean));
        m.put("decodeMsP95", BenchCommand.round(sorted[(int) (0.95 * (frames - 1))] / 1e6));
        m.put("decodeMsMax", BenchCommand.round(sorted[frames - 1] / 1e6));
        m.put("maxErrorBoundMm", BenchCommand.round(maxBound));
        m.put("maxErrorBoundFrame", maxBoundFrame);
        m.put("mergesCrossed", merges);
        m.put("resets", resets);
        m.put("primaryNodesVisited", nodes.size());
        m.put("classes", classes);
        m.put("finalRoot", new double[] { BenchCommand.round(last.rootYaw()), BenchCommand.round(last.rootX()),
                BenchCommand.round(last.rootZ()) });
        m.put("fileBytes", db.fileBytes());
        m.put("runtimeBytes", db.runtimeBytes());
        m.put("checksum", Long.toHexString(checksum));
        return m;
    }

    /** Every merged transition's bound where its blend starts (the jump plus the dead end's frame error), worst first. */
    static Map<String, Object> worst(RuntimeDatabase db, int count) {
        List<Integer> merged = new ArrayList<>();
        for (int t = 0; t < db.transitionCount(); t++) {
            if (db.transitionMerged(t)) {
                merged.add(t);
            }
        }
        merged.sort((a, b) -> Double.compare(bound(db, b), bound(db, a)));
        List<Map<String, Object>> paths = new ArrayList<>();
        for (int t : merged.subList(0, Math.min(count, merged.size()))) {
            int from = db.transitionFrom(t);
            int to = db.transitionTo(t);
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("errorBoundMm", BenchCommand.round(bound(db, t)));
            p.put("jumpMm", BenchCommand.round(db.transitionJumpMm(t)));
            p.put("fromState", db.stateId(from));
            p.put("fromClip", db.clipOf(db.primaryNode(from)) + "@" + db.clipFrameOf(db.primaryNode(from)));
            p.put("toState", db.stateId(to));
            p.put("toClip", db.clipOf(db.primaryNode(to)) + "@" + db.clipFrameOf(db.primaryNode(to)));
            p.put("class", db.classLabel(from) + " -> " + db.classLabel(to));
            p.put("blendFrames", db.blendFrames());
            paths.add(p);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("database", db.file().toString());
        m.put("mergedTransitions", merged.size());
        m.put("worst", paths);
        return m;
    }

    private static double bound(RuntimeDatabase db, int t) {
        return db.transitionJumpMm(t) + db.frameErrorMm(db.stateFrame(db.transitionTo(t)));
    }
}
