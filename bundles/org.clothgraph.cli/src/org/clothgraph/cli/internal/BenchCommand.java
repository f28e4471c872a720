package org.clothgraph.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.clothgraph.cli.internal.fuzz.FuzzTargets;
import org.clothgraph.cli.internal.fuzz.ReaderFuzz;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExplorationStatus;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.ThreadUnitExecutor;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.StorageException;
import org.clothgraph.model.frames.FrameStoreBenchmark;
import org.clothgraph.motion.graph.MotionGraphBenchmark;
import org.clothgraph.runtime.DecodeBenchmark;
import org.clothgraph.runtime.QuantisedBasis;
import org.clothgraph.sim.SimulationBenchmark;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.XpbdClothSimulator;
import org.clothgraph.sim.garment.Garments;

/** {@code bench}: measured performance of one subsystem (numbers, never timed unit tests). */
public final class BenchCommand extends Command {
    private static final List<String> SUBJECTS = List.of("framestore", "motiongraph", "simulate", "explore",
            "arcsim-scene", "decode", "compress", "graphview", "fuzz");

    public BenchCommand() {
        super("bench", "Benchmark a subsystem: " + String.join(", ", SUBJECTS) + ".");
        option(Option.value("frames", "N", "frames to write (framestore; default 2000), in the graph (motiongraph;"
                + " default 3115, the paper's), to decode (decode; default 200) or of D (compress; default 20000)"));
        option(Option.value("vertices", "N", "vertices per frame (framestore; default 30000), of the robe (simulate;"
                + " default 4000), of the synthetic basis (decode; default 29654, the paper's) or of D (compress;"
                + " default 4000)"));
        option(Option.value("threads", "N", "simulate, arcsim-scene: worker threads (default 2); decode: threads of"
                + " the threaded decode (default: one per core)"));
        option(Option.value("solver", "legacy|small-steps", "simulate, arcsim-scene: the embedded solver (default"
                + " legacy), with its default settings"));
        option(Option.value("body-collision", "smooth-capsules|surface", "arcsim-scene: what the small-step solver's"
                + " cloth collides with: the part meshes (default; the capsules inside them as its broad phase) or the"
                + " smooth union of the parts' enclosing capsules"));
        option(Option.value("basis", "B", "decode, compress: basis vectors (default 200, the paper's)"));
        option(Option.value("workers", "K", "explore: parallel simulations (default: one per core)"));
        option(Option.value("clip-frames", "N", "explore: keep the first N frames of every demo clip (default: whole clips)"));
        SlurmOptions.add(this);
        option(Option.value("material", "FILE", "arcsim-scene: the ARCSim fabric JSON when the one the conf names is"
                + " not in DIR"));
        option(Option.value("reads", "N", "random frames read back and verified (framestore; default 200)"));
        option(Option.flag("cold", "framestore: drop the OS page cache before reading (needs root) so reads come from"
                + " disk; decode: evict the CPU caches before every timed read so the basis comes from memory"));
        option(Option.value("states", "N", "graphview: states of the synthetic graph (default 100000)"));
        option(Option.value("seconds", "S", "graphview: seconds of panning and zooming to measure (default 10)"));
        option(Option.value("width", "PX", "graphview: view width (default 1280)"));
        option(Option.value("height", "PX", "graphview: view height (default 800)"));
        option(Option.value("reader", "NAME", "fuzz: one reader (" + String.join(", ",
                FuzzTargets.NAMES) + "; default: all)"));
        option(Option.value("mutations", "N", "fuzz: mutations per reader (default 10000)"));
        option(Option.value("seed", "S", "fuzz: seed of the mutator (default 15)"));
        option(Option.value("dir", "DIR", "scratch folder (default: a temporary folder, deleted afterwards)"));
        option(Option.flag("json", "machine-readable output"));
    }

    @Override
    public boolean takesPositionals() {
        return true;
    }

    @Override
    protected String usage() {
        return "<" + String.join("|", SUBJECTS) + "> [DIR (arcsim-scene: an ARCSim output folder)] [options]";
    }

    @Override
    public int run(Args args, PrintStream out, PrintStream err) {
        List<String> pos = args.positionals();
        if (pos.isEmpty() || !SUBJECTS.contains(pos.get(0))) {
            throw new UsageException("name one subject: " + String.join(", ", SUBJECTS));
        }
        if (pos.size() != (pos.get(0).equals("arcsim-scene") ? 2 : 1)) {
            throw new UsageException(pos.get(0).equals("arcsim-scene") ? "arcsim-scene takes one folder: an ARCSim"
                    + " output folder (conf.json, obs_JJ.obj, NNNNobsJJ.txt, NNNN_00.obj)"
                    : pos.get(0) + " takes no further arguments");
        }
        Map<String, Object> result;
        try {
            result = subject(pos, args, err);
        } catch (StorageException e) {
            if (!(e.getCause() instanceof SimulationFailedException f)) {
                throw e;
            }
            // the solver gave up (a physical limit): what the bench measured, not an internal error
            err.println("clothgraph bench: simulation failed: " + f.getMessage());
            return 1;
        }
        if (args.flag("json")) {
            JsonOutput.print(out, result);
        } else {
            result.forEach((k, v) -> {
                if (v instanceof Map<?, ?> child) {
                    out.println(k + ":");
                    child.forEach((ck, cv) -> out.println("  " + ck + ": " + cv));
                } else {
                    out.println(k + ": " + v);
                }
            });
        }
        return 0;
    }

    private static Map<String, Object> subject(List<String> pos, Args args, PrintStream err) {
        return switch (pos.get(0)) {
            case "framestore" -> framestore(args, err);
            case "motiongraph" -> motiongraph(args, err);
            case "explore" -> ExploreBench.run(args, err);
            case "decode" -> decode(args, err);
            case "compress" -> CompressBench.run(args.intValue("vertices", 4000, 10, 1_000_000), args.intValue("frames",
                    20_000, 10, 10_000_000), args.intValue("basis", 200, 2, 2000), new ConsoleProgressMonitor(err)
                            .cancelOnShutdown());
            case "graphview" -> GraphViewBench.run(args, err);
            case "fuzz" -> fuzz(args, err);
            case "arcsim-scene" -> ArcsimSceneBench.run(Path.of(pos.get(1)), args.value("material").map(Path::of)
                    .orElse(null), args.value("frames").isPresent() ? args.intValue("frames", 4, 1, 9999) : -1,
                    args.value("solver").orElse("legacy"), bodyCollision(args, sceneBody(solverSettings(args)))
                            .withThreads(args.intValue("threads", 0, 0, 64)),
                    new ConsoleProgressMonitor(err).cancelOnShutdown());
            default -> simulate(args, err);
        };
    }

    /**
     * Fuzzes the readers of user files: per reader, mutations read, refused with the typed bad-input error (one line
     * naming the file and the line or field) and anything else ("otherExceptions", "badMessages": both must be 0).
     */
    private static Map<String, Object> fuzz(Args args, PrintStream err) {
        List<String> readers = args.value("reader").map(List::of).orElse(FuzzTargets.NAMES);
        for (String r : readers) {
            if (!FuzzTargets.NAMES.contains(r)) {
                throw new UsageException("--reader: no reader '" + r + "' (readers: " + String.join(", ",
                        FuzzTargets.NAMES) + ")");
            }
        }
        int mutations = args.intValue("mutations", 10_000, 1, 100_000_000);
        long seed = args.intValue("seed", 15, 0, Integer.MAX_VALUE);
        Path scratch = scratch(args);
        ConsoleProgressMonitor monitor = new ConsoleProgressMonitor(err).cancelOnShutdown();
        List<ReaderFuzz.Report> reports = new ArrayList<>();
        try {
            for (String r : readers) {
                try (ReaderFuzz.Target target =
                        FuzzTargets.of(r, scratch.resolve(r))) {
                    ReaderFuzz.Report report =
                            ReaderFuzz.run(target, mutations, seed, monitor);
                    err.println(report.line());
                    report.examples().forEach(x -> err.println("    " + x));
                    reports.add(report);
                }
            }
        } catch (IOException e) {
            throw new StorageException("fuzz: cannot write the seed files under " + scratch + ": " + e.getMessage(), e);
        } finally {
            if (args.value("dir").isEmpty()) {
                delete(scratch);
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", "fuzz");
        m.put("mutationsPerReader", mutations);
        m.put("seed", seed);
        m.put("otherExceptions", reports.stream().mapToInt(r -> r.otherExceptions()).sum());
        m.put("badMessages", reports.stream().mapToInt(r -> r.badMessages()).sum());
        m.put("readers", FuzzTargets.summary(reports));
        return m;
    }

    private static Map<String, Object> simulate(Args args, PrintStream err) {
        int vertices = args.intValue("vertices", Garments.DEFAULT_ROBE_VERTICES, 100, 500_000);
        int frames = args.intValue("frames", 30, 1, 100_000);
        int threads = args.intValue("threads", 0, 0, 64);
        String solver = args.value("solver").orElse("legacy");
        SimulationSettings settings = solverSettings(args);
        try {
            SimulationBenchmark.Result r = SimulationBenchmark.run(vertices, frames, settings.withThreads(threads),
                    new ConsoleProgressMonitor(err).cancelOnShutdown());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("benchmark", "simulate");
            m.put("vertices", r.vertices());
            m.put("frames", r.frames());
            m.put("threads", r.threads());
            m.put("secondsPerFrame", round(r.secondsPerFrame()));
            if (!Double.isNaN(r.cpuSecondsPerFrame())) {
                m.put("cpuSecondsPerFrame", round(r.cpuSecondsPerFrame()));
            }
            m.put("framesPerSecond", round(r.framesPerSecond()));
            m.put("meanSubsteps", round(r.meanSubsteps()));
            if (!r.stageSecondsPerFrame().isEmpty()) {
                Map<String, Object> stages = new LinkedHashMap<>();
                r.stageSecondsPerFrame().forEach((k, v) -> stages.put(k, round(v)));
                m.put("stageSecondsPerFrame", stages);
            }
            m.put("solver", solver);
            m.put("settings", r.settings());
            m.put("motion", "procedural walk at 30 fps, hooded robe, self-collision on");
            m.put("paperArcsimSecondsPerFrame", 165.0);
            m.put("speedupOverPaper", round(165.0 / r.secondsPerFrame()));
            m.put("cores", Runtime.getRuntime().availableProcessors());
            return m;
        } catch (SimulationFailedException e) {
            throw new StorageException("benchmark simulation failed: " + e.getMessage(), e);
        }
    }

    /**
     * The ARCSim scene's body is its part meshes: the small-step solver collides with them unless told otherwise (its
     * default for a character, the smooth union of the capsules, would take the capsules enclosing the parts for the
     * body).
     */
    private static SimulationSettings sceneBody(SimulationSettings settings) {
        return settings.solver() == SimulationSettings.Solver.SMALL_STEPS
                ? settings.withBodyCollision(SimulationSettings.BodyCollision.SURFACE) : settings;
    }

    /** {@code settings} with the body collision --body-collision names (the solver's own when absent). */
    private static SimulationSettings bodyCollision(Args args, SimulationSettings settings) {
        if (args.value("body-collision").isEmpty()) {
            return settings;
        }
        String b = args.value("body-collision").get();
        return settings.withBodyCollision(switch (b) {
            case "smooth-capsules" -> SimulationSettings.BodyCollision.SMOOTH_CAPSULES;
            case "surface" -> SimulationSettings.BodyCollision.SURFACE;
            default -> throw new UsageException("--body-collision must be smooth-capsules or surface (got '" + b + "')");
        });
    }

    /** The default settings of the embedded solver --solver names (legacy when absent). */
    private static SimulationSettings solverSettings(Args args) {
        String solver = args.value("solver").orElse("legacy");
        return switch (solver) {
            case "legacy" -> SimulationSettings.defaults();
            case "small-steps" -> SimulationSettings.smallSteps();
            default -> throw new UsageException("--solver must be legacy or small-steps (got '" + solver + "')");
        };
    }

    /**
     * A paper-sized synthetic quantised basis (80 % 8-bit vectors): decode time per frame on one core and on T
     * threads against the floor, one streaming read of the basis bytes, measured in the same run.
     */
    private static Map<String, Object> decode(Args args, PrintStream err) {
        int vertices = args.intValue("vertices", 29_654, 1, 5_000_000);
        int basis = args.intValue("basis", 200, 1, 4096);
        int frames = args.intValue("frames", 200, 1, 1_000_000);
        int threads = args.intValue("threads", Runtime.getRuntime().availableProcessors(), 1, 256);
        err.println("bench decode: " + vertices + " vertices, " + basis + " basis vectors, " + frames
                + " frames; kernel " + QuantisedBasis.kernel());
        double warmUp = QuantisedBasis.warmUp();
        err.printf("bench decode: JIT warm-up %.0f ms%n", warmUp);
        DecodeBenchmark.Result r = DecodeBenchmark.run(vertices, basis, frames, threads, 2013,
                args.flag("cold"));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", "decode");
        m.put("vertices", r.vertices());
        m.put("rows", r.rows());
        m.put("basis", r.basis());
        m.put("eightBitVectors", r.eightBitVectors());
        m.put("basisMB", round(r.basisBytes() / 1e6));
        m.put("frames", r.frames());
        m.put("simd", r.simd());
        m.put("kernel", r.kernel());
        m.put("floorMs", round(r.floorMs()));
        m.put("floorMsBest", round(r.floorMsBest()));
        m.put("floorGBps", round(r.basisBytes() / r.floorMs() / 1e6));
        if (r.simd()) {
            m.put("vectorFloorMs", round(r.vectorFloorMs()));
            m.put("vectorFloorMsBest", round(r.vectorFloorMsBest()));
            m.put("decodeToVectorFloor", round(r.decodeMs() / r.vectorFloorMs()));
        }
        m.put("decodeMs", round(r.decodeMs()));
        m.put("decodeMsBest", round(r.decodeMsBest()));
        m.put("decodeToFloor", round(r.ratio()));
        m.put("decodeToFloorBest", round(r.ratioBest()));
        m.put("framesPerSecondPerCore", round(1000 / r.decodeMs()));
        m.put("threads", r.threads());
        m.put("threadedMs", round(r.threadedMs()));
        m.put("threadedMsBest", round(r.threadedMsBest()));
        m.put("threadedFramesPerSecond", round(1000 / r.threadedMs()));
        m.put("threadedFramesPerSecondPerCore", round(1000 / r.threadedMs() / Math.min(r.threads(),
                Runtime.getRuntime().availableProcessors())));
        m.put("threadedIdenticalToOneCore", r.threadedIdentical());
        m.put("caches", r.cold() ? "evicted before every timed read (the basis streams from memory)"
                : "warm (a basis smaller than the last-level cache is read from it; --cold evicts)");
        m.put("checksum", String.format("%016x", r.checksum()));
        m.put("floorChecksum", String.format("%016x", r.floorChecksum()));
        m.put("withinTwiceTheFloor", r.ratio() <= 2);
        m.put("jitWarmUpMs", round(warmUp));
        m.put("times", "milliseconds per frame, median (and best) over the frames; floor (a plain loop summing the"
                + " basis bytes as longs), vector floor (the same read with vector adds), one-core and threaded decode"
                + " alternate frame by frame");
        m.put("cores", Runtime.getRuntime().availableProcessors());
        return m;
    }

    private static Map<String, Object> motiongraph(Args args, PrintStream err) {
        int frames = args.intValue("frames", 3115, 20, 1_000_000);
        MotionGraphBenchmark.Result r = MotionGraphBenchmark.run(frames, new ConsoleProgressMonitor(err).cancelOnShutdown());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", "motiongraph");
        m.put("frames", r.frames());
        m.put("clips", r.clips());
        m.put("transitions", r.transitions());
        m.put("stronglyConnected", r.stronglyConnected());
        m.put("buildSeconds", round(r.buildMillis() / 1000.0));
        m.put("pointCloudSeconds", round(r.stats().pointCloudMillis() / 1000.0));
        m.put("distanceSeconds", round(r.stats().distanceMillis() / 1000.0));
        m.put("minimaSeconds", round(r.stats().minimaMillis() / 1000.0));
        m.put("blendAndPruneSeconds", round(r.stats().blendAndPruneMillis() / 1000.0));
        m.put("clipGenerationSeconds", round(r.generateMillis() / 1000.0));
        m.put("cores", Runtime.getRuntime().availableProcessors());
        return m;
    }

    private static Map<String, Object> framestore(Args args, PrintStream err) {
        int frames = args.intValue("frames", 2000, 1, 10_000_000);
        int vertices = args.intValue("vertices", 30000, 1, 5_000_000);
        int reads = args.intValue("reads", 200, 0, 10_000_000);
        Path scratch = scratch(args);
        try {
            boolean cold = args.flag("cold");
            FrameStoreBenchmark.Result r = FrameStoreBenchmark.run(scratch.resolve("project"), frames, vertices, reads,
                    () -> cold && dropPageCache(err), new ConsoleProgressMonitor(err).cancelOnShutdown());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("benchmark", "framestore");
            m.put("frames", r.frames());
            m.put("vertices", r.vertices());
            m.put("bytesOnDisk", r.bytes());
            m.put("dataMB", round(r.dataBytes() / 1e6));
            m.put("writeSeconds", round(r.writeSeconds()));
            m.put("writeMBps", round(r.writeMBps()));
            m.put("framesRead", r.framesRead());
            m.put("framesVerified", r.verified());
            m.put("readSeconds", round(r.readSeconds()));
            m.put("readMBps", round(r.readMBps()));
            m.put("readCache", r.coldRead() ? "dropped before reading (reads from disk)"
                    : "warm (reads just after writing, largely from the OS page cache; --cold to drop it)");
            m.put("peakHeapMB", round(r.peakHeapBytes() / 1e6));
            m.put("maxHeapMB", round(Runtime.getRuntime().maxMemory() / 1e6));
            m.put("peakHeapFractionOfData", round((double) r.peakHeapBytes() / r.dataBytes()));
            if (r.verified() != r.framesRead()) {
                throw new StorageException("only " + r.verified() + " of " + r.framesRead() + " frames read back intact",
                        null);
            }
            return m;
        } finally {
            if (args.value("dir").isEmpty()) {
                delete(scratch);
            }
        }
    }

    /** Empties the Linux page cache (root only); false when that is not possible here. */
    private static boolean dropPageCache(PrintStream err) {
        try {
            Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3\n");
            return true;
        } catch (IOException | SecurityException e) {
            err.println("bench: cannot drop the page cache (" + e.getMessage() + "); reads stay warm");
            return false;
        }
    }

    static Path scratch(Args args) {
        try {
            if (args.value("dir").isPresent()) {
                Path d = args.requiredPath("dir");
                Files.createDirectories(d);
                return Files.createTempDirectory(d, "bench-");
            }
            return Files.createTempDirectory("clothgraph-bench-");
        } catch (IOException e) {
            throw new StorageException("cannot create a scratch folder: " + e.getMessage(), e);
        }
    }

    static void delete(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // scratch space only; the OS cleans temp
        }
    }

    static double round(double d) {
        return Math.round(d * 1000) / 1000.0;
    }
}
