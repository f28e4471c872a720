package org.clothgraph.sim.arcsim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothSimulator;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.FailureReason;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationFailedException;
import org.clothgraph.sim.SimulationResult;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.arcsim.internal.ArcsimProcess;
import org.clothgraph.sim.arcsim.internal.CapsuleRig;
import org.clothgraph.sim.arcsim.internal.FrameFiles;
import org.clothgraph.sim.io.ArcsimJson;
import org.clothgraph.sim.arcsim.internal.ResumeLayout;
import org.clothgraph.sim.arcsim.internal.SceneBuilder;
import org.clothgraph.sim.arcsim.internal.StartStateCheck;
import org.clothgraph.sim.body.BodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * {@link ClothSimulator} backed by a user-supplied ARCSim 0.2.1 executable run as a child process. Each call
 * writes a work dir (capsule part meshes, a .mot with the last {@link ArcsimOptions#paddingSeconds()} of the
 * incoming path followed by the new segment, fabric JSON, conf.json, the start state as frame P), runs
 * {@code arcsim resumeoffline out P} in it and reads frames P+1..P+frames back (positions and velocities,
 * converted from ARCSim's Z-up to Y-up). Runs past frame 9999 are split into resumed chunks.
 * <p>
 * Mapping: Material density/stretch/shear/bend to a fabric JSON (unless a fabric file is configured),
 * friction to obs_friction (half of it cloth-cloth), thickness to magic.repulsion_thickness; settings gravity
 * (converted to Z-up), frameTimeoutSeconds (per frame, plus a start-up allowance), maxSpeed/maxStretch and
 * NaN checks on the output. Not mapped: damping, air drag, XPBD substeps, threads, self-collision switch.
 * <p>
 * Before launching, the start state is checked ({@link ArcsimOptions#checkStartState()}): a cloth that crosses
 * itself or lies inside the body's capsules fails at once with
 * {@link FailureReason#BAD_START}. ARCSim's own aborts are reported as what they are
 * ({@link FailureReason#COLLISION_FAILED}, {@link FailureReason#SOLVER_ERROR}); every failure message ends with
 * the tail of ARCSim's output and the log's path.
 * ARCSim is deterministic for the same inputs, but not bit-identical to the embedded solver.
 */
public final class ArcsimClothSimulator implements ClothSimulator {
    private final ArcsimOptions options;
    private volatile boolean validated;
    private String template;
    private final Map<ClothState, String> restartCache;

    public ArcsimClothSimulator(ArcsimOptions options) {
        this.options = options;
        this.restartCache = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<ClothState, String> e) {
                return size() > options.restartCacheSize();
            }
        };
    }

    public ArcsimOptions options() {
        return options;
    }

    /** Checks the executable (exists, executable, prints ARCSim's usage); throws {@link InvalidInputException}. */
    public void validate() {
        if (!validated) {
            ArcsimProcess.validate(options.executable());
            if (options.fabricFile() != null && !Files.isRegularFile(options.fabricFile())) {
                throw new InvalidInputException(options.fabricFile(), null, "ARCSim fabric file not found");
            }
            validated = true;
        }
    }

    @Override
    public SimulationResult simulate(ClothMesh mesh, Material material, SimulationSettings settings, BodyMotion motion,
            double startTime, ClothState initial, double fps, int frames, IProgressMonitor monitor)
            throws SimulationFailedException {
        if (!(fps > 0) || frames < 0) {
            throw new IllegalArgumentException("fps must be > 0 and frames >= 0");
        }
        if (initial.vertexCount() != mesh.vertexCount()) {
            throw new IllegalArgumentException("initial state does not match the mesh");
        }
        validate();
        if (options.checkStartState() && frames > 0) {
            StartStateCheck c = StartStateCheck.of(mesh, initial, motion.poseAt(startTime), material.thickness());
            if (!c.clean()) {
                throw new SimulationFailedException(FailureReason.BAD_START, 0, c.problem());
            }
        }
        SubMonitor sm = SubMonitor.convert(monitor, "ARCSim: " + mesh.name(), Math.max(1, frames));
        List<ClothState> out = new ArrayList<>(frames);
        double[] cost = new double[frames];
        int[] subs = new int[frames];
        int perRun = options.maxFramesPerRun() > 0
                ? Math.min(options.maxFramesPerRun(), ResumeLayout.maxFramesPerRun(fps, options.paddingSeconds()))
                : ResumeLayout.maxFramesPerRun(fps, options.paddingSeconds());
        if (perRun < 1) {
            throw new IllegalArgumentException("padding leaves no room for frames below 10000");
        }
        ClothState state = initial;
        int done = 0;
        while (done < frames) {
            int n = Math.min(perRun, frames - done);
            ClothState from = state;
            List<ClothState> chunk = runChunk(mesh, material, settings, motion, ClothSimulator.frameTime(startTime, done, fps), from, fps, n,
                    done, cost, subs, sm);
            out.addAll(chunk);
            state = chunk.get(chunk.size() - 1);
            done += n;
        }
        return new SimulationResult(out, cost, subs);
    }

    /** ARCSim's collision response cannot undo a crossing: its start must not cross itself. */
    @Override
    public boolean needsIntersectionFreeStart() {
        return true;
    }

    /** Writes the complete input folder of one run (no process started); returns its layout. */
    public ResumeLayout prepare(Path workDir, ClothMesh mesh, Material material, SimulationSettings settings,
            BodyMotion motion, double startTime, ClothState initial, double fps, int frames) {
        ResumeLayout layout = ResumeLayout.of(startTime, fps, frames, options.paddingSeconds(),
                options.motionOversample());
        try {
            Path outDir = workDir.resolve(SceneBuilder.OUT_DIR);
            Files.createDirectories(outDir);
            Files.createDirectories(workDir.resolve("parts"));
            CapsuleRig.writeMeshes(motion.poseAt(startTime), workDir, SceneBuilder.PARTS_PATTERN,
                    options.capsuleSegments());
            CapsuleRig.motion(motion, layout.motionStart(), 1 / layout.motionFps(), layout.motionFrames())
                    .write(workDir.resolve(SceneBuilder.MOT_FILE));
            String fabricPath;
            if (options.fabricFile() != null) {
                fabricPath = options.fabricFile().toAbsolutePath().toString();
            } else {
                Files.writeString(workDir.resolve(SceneBuilder.FABRIC_FILE), ArcsimJson.write(SceneBuilder.fabric(material)),
                        StandardCharsets.UTF_8);
                fabricPath = SceneBuilder.FABRIC_FILE;
            }
            Path start = outDir.resolve(layout.startFrameFile());
            String exact;
            synchronized (restartCache) {
                exact = restartCache.get(initial);
            }
            if (exact != null) {
                Files.writeString(start, exact, StandardCharsets.ISO_8859_1);
            } else {
                FrameFiles.write(start, mesh, initial, template());
            }
            SceneBuilder.Fabric fabric = new SceneBuilder.Fabric(fabricPath, options.densityMult(),
                    options.stretchingMult(), options.bendingMult());
            Map<String, Object> scene = SceneBuilder.scene(layout,
                    SceneBuilder.frameSteps(options.frameSteps(), layout.frameTime()),
                    SceneBuilder.OUT_DIR + "/" + layout.startFrameFile(), fabric, material, settings);
            String json = ArcsimJson.write(scene);
            Files.writeString(workDir.resolve("conf.json"), json, StandardCharsets.UTF_8);
            Files.writeString(outDir.resolve("conf.json"), json, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return layout;
    }

    private String template() throws IOException {
        if (options.garmentTemplate() == null) {
            return null;
        }
        synchronized (this) {
            if (template == null) {
                try {
                    template = Files.readString(options.garmentTemplate(), StandardCharsets.ISO_8859_1);
                } catch (NoSuchFileException e) {
                    throw new InvalidInputException(options.garmentTemplate(), null, "garment template not found");
                }
            }
            return template;
        }
    }

    private List<ClothState> runChunk(ClothMesh mesh, Material material, SimulationSettings settings,
            BodyMotion motion, double startTime, ClothState initial, double fps, int frames, int base, double[] cost,
            int[] subs, SubMonitor sm) throws SimulationFailedException {
        Path workDir;
        try {
            Path root = options.workRoot();
            if (root != null) {
                Files.createDirectories(root);
            }
            workDir = root != null ? Files.createTempDirectory(root, "arcsim-") : Files.createTempDirectory("arcsim-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ResumeLayout layout = prepare(workDir, mesh, material, settings, motion, startTime, initial, fps, frames);
        Path log = workDir.resolve("arcsim.log");
        boolean ok = false;
        try {
            double[] c = ArcsimProcess.run(options.executable(), workDir, layout, log, base,
                    settings.frameTimeoutSeconds(), options.startupTimeoutSeconds(), sm);
            int steps = SceneBuilder.frameSteps(options.frameSteps(), layout.frameTime());
            List<ClothState> states = new ArrayList<>(frames);
            Path outDir = workDir.resolve(SceneBuilder.OUT_DIR);
            for (int k = 0; k < frames; k++) {
                Path f = outDir.resolve(layout.outputFrameFile(k));
                String text;
                ClothState s;
                try {
                    text = Files.readString(f, StandardCharsets.ISO_8859_1);
                    s = FrameFiles.read(f);
                } catch (IOException | InvalidInputException e) {
                    String m = String.valueOf(e.getMessage());
                    boolean nan = m.toLowerCase(java.util.Locale.ROOT).contains("nan")
                            || m.toLowerCase(java.util.Locale.ROOT).contains("inf");
                    throw new SimulationFailedException(nan ? FailureReason.NAN : FailureReason.SOLVER_ERROR, base + k,
                            "unreadable ARCSim output: " + m + ArcsimProcess.tail(log));
                }
                if (s.vertexCount() != mesh.vertexCount()) {
                    throw new SimulationFailedException(FailureReason.SOLVER_ERROR, base + k, "ARCSim frame " + f
                            + " has " + s.vertexCount() + " nodes, expected " + mesh.vertexCount()
                            + " (remeshing must stay disabled)" + ArcsimProcess.tail(log));
                }
                check(mesh, settings, s, base + k, log);
                states.add(s);
                cost[base + k] = 1000 * c[k];
                subs[base + k] = steps;
                if (k == frames - 1 && options.restartCacheSize() > 0) {
                    synchronized (restartCache) {
                        restartCache.put(s, text);
                    }
                }
            }
            ok = true;
            return states;
        } finally {
            if (ok && !options.keepWorkDirs()) {
                deleteTree(workDir);
            }
        }
    }

    /** NaN, speed and stretch limits of the settings, as the embedded simulator applies them. */
    private static void check(ClothMesh mesh, SimulationSettings settings, ClothState s, int frame, Path log)
            throws SimulationFailedException {
        float[] p = s.positions(), v = s.velocities();
        double max2 = settings.maxSpeed() * settings.maxSpeed();
        for (int i = 0; i < p.length; i += 3) {
            double s2 = (double) v[i] * v[i] + (double) v[i + 1] * v[i + 1] + (double) v[i + 2] * v[i + 2];
            if (!Double.isFinite(s2) || !Float.isFinite(p[i]) || !Float.isFinite(p[i + 1]) || !Float.isFinite(p[i + 2])) {
                throw new SimulationFailedException(FailureReason.NAN, frame, "non-finite ARCSim state at vertex " + i / 3
                        + ArcsimProcess.tail(log));
            }
            if (s2 > max2) {
                throw new SimulationFailedException(FailureReason.EXPLOSION, frame, String.format(java.util.Locale.ROOT,
                        "vertex %d moves at %.1f m/s (limit %.1f)%s", i / 3, Math.sqrt(s2), settings.maxSpeed(),
                        ArcsimProcess.tail(log)));
            }
        }
        float[] r = mesh.restPositions();
        int[] t = mesh.triangles();
        double lim = settings.maxStretch();
        for (int k = 0; k < t.length; k++) {
            int a = t[k], b = t[k % 3 == 2 ? k - 2 : k + 1];
            double rest = dist(r, a, b), now = dist(p, a, b);
            if (rest > 1e-9 && now > lim * rest) {
                throw new SimulationFailedException(FailureReason.EXPLOSION, frame, String.format(java.util.Locale.ROOT,
                        "edge %d-%d stretched %.1fx (limit %.1fx)%s", a, b, now / rest, lim, ArcsimProcess.tail(log)));
            }
        }
    }

    private static double dist(float[] x, int a, int b) {
        double dx = x[3 * a] - x[3 * b], dy = x[3 * a + 1] - x[3 * b + 1], dz = x[3 * a + 2] - x[3 * b + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // leave it
                }
            });
        } catch (IOException e) {
            // leave it
        }
    }
}
