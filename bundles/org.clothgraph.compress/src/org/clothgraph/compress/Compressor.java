package org.clothgraph.compress;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.model.StorageException;
import org.clothgraph.runtime.RuntimeDatabase;
import org.clothgraph.runtime.RuntimeDatabaseException;
import org.clothgraph.runtime.RuntimeFormat;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

import com.google.gson.GsonBuilder;

/**
 * The compression core operation (Kim et al. 2013, section 4, plus entropy coding): an explored garment's frames
 * -> out-of-core SVD -> rescale -> quantisation held to the tolerance by decoding every frame -> LZMA2 blocks ->
 * one runtime database under the project's {@code databases/}, registered in the model; the paper's scheme is
 * computed on the same factors in the same run for comparison. Cancellable between passes.
 */
public final class Compressor {
    /** Settings scope where the last report of each database is kept (stats reads it). */
    public static final String SETTINGS_SCOPE = "compression";
    /** Job family of compressions. */
    public static final Object FAMILY = Compressor.class.getName();
    /** The paper's robe, for the projection: vertices and frames. */
    public static final int PAPER_VERTICES = 29_654;
    public static final int PAPER_FRAMES = 99_352;

    /**
     * @param output where to write (null: {@code databases/<garment>.cgrt} in the project, registered there)
     * @param matchPaper tighten our budget until our max error is no worse than the paper scheme's
     */
    public record Options(int basis, double toleranceMm, int blockFrames, int powerIterations, int preset,
            String garment, Path output, boolean matchPaper, boolean balanced) {
        public static Options defaults() {
            return new Options(200, 0.3, 64, 2, 6, null, null, true, true);
        }

        /** Uniform basis quantum (the paper's kind of rule, budgeted) instead of the balanced steps. */
        public Options withBalanced(boolean b) {
            return new Options(basis, toleranceMm, blockFrames, powerIterations, preset, garment, output, matchPaper, b);
        }

        public Options withBasis(int b) {
            return new Options(b, toleranceMm, blockFrames, powerIterations, preset, garment,
                    output, matchPaper, balanced);
        }

        public Options withTolerance(double mm) {
            return new Options(basis, mm, blockFrames, powerIterations, preset, garment,
                    output, matchPaper, balanced);
        }

        public Options withOutput(Path file) {
            return new Options(basis, toleranceMm, blockFrames, powerIterations, preset, garment,
                    file, matchPaper, balanced);
        }

        public Options withGarment(String name) {
            return new Options(basis, toleranceMm, blockFrames, powerIterations, preset, name,
                    output, matchPaper, balanced);
        }
    }

    /** What was written and measured; {@link #toMap()} is the JSON report. */
    public record Report(Path file, Map<String, Object> map, double maxErrorMm, double truncationMaxMm,
            double quantisationMaxMm, float[] frameErrorMm, long fileBytes, long paperBytes, double paperMaxErrorMm) {
        public Map<String, Object> toMap() {
            return map;
        }
    }

    private Compressor() {
    }

    /**
     * The compression as a workbench job (Progress view, cancellable) of family {@link #FAMILY}; schedule it and
     * read its snapshot, or join the family.
     */
    public static org.clothgraph.model.jobs.OperationJob<Report> job(Project project, Options options) {
        return new org.clothgraph.model.jobs.OperationJob<>("Compressing the secondary graph", FAMILY,
                monitor -> compress(project, options, monitor));
    }

    public static Report compress(Project project, Options options, IProgressMonitor monitor) {
        if (options.basis() < 1 || options.toleranceMm() <= 0) {
            throw new InvalidInputException("compress", "options", "basis must be >= 1 and the tolerance > 0");
        }
        long t0 = System.nanoTime();
        SubMonitor sub = SubMonitor.convert(monitor, "Compressing", 1000);
        GarmentInfo garment = garment(project, options.garment());
        if (options.output() == null) {
            project.claimWriter(); // refuse before the work, not after it
        }
        int blendFrames = blendFrames(project);
        SecondaryFrames frames = new SecondaryFrames(project, garment);
        int n = frames.columns();
        int rows = frames.rows();
        sub.worked(10);

        StreamingSvd.Result svd = new StreamingSvd(frames, StreamingSvd.Settings.of(options.basis())
                .withPowerIterations(options.powerIterations())).run(sub.split(600));
        int b = svd.basisSize();
        Quantisation.Rescaled f = Quantisation.Rescaled.of(svd);
        Quantisation paper = Quantisation.paper(f);

        // our steps: one parameter scaled until the error measured by decoding meets the tolerance
        double tol = options.toleranceMm() / 1000;
        double share = (double) rows / (rows + n);
        java.util.function.DoubleFunction<Quantisation> scheme = options.balanced()
                ? k -> Quantisation.balanced(f, k)
                : a -> Quantisation.ours(f, a, share);
        int[] sample = sample(n, 300);
        double alpha = options.balanced() ? tol / Math.sqrt(rows) : tol;
        Quantisation ours = null;
        for (int it = 0; it < 10; it++) {
            ours = scheme.apply(alpha);
            double e = ReconstructionError.quantisation(f, ours, sample);
            if (e <= tol && e > 0.85 * tol) {
                break;
            }
            alpha *= e > 0 ? 0.93 * tol / e : 4;
        }
        sub.worked(40);
        // every frame decoded; tighten while over the tolerance, or while worse than the paper's scheme where the
        // paper's error is reachable at all (not below the truncation error itself)
        ReconstructionError.Measure m = null;
        for (int it = 0;; it++) {
            m = ReconstructionError.full(frames, f, ours, paper, sub.split(it == 0 ? 150 : 30));
            boolean overTolerance = m.oursQuantisationMax() > tol;
            boolean worseThanPaper = options.matchPaper() && m.oursMax() > m.paperMax()
                    && m.paperMax() > m.truncationMax();
            if (it == 3 || (!overTolerance && !worseThanPaper)) {
                break; // the frame errors measured are those of the quantisation written
            }
            alpha *= overTolerance ? 0.97 * tol / m.oursQuantisationMax() : 0.8;
            ours = scheme.apply(alpha);
        }
        if (m.oursQuantisationMax() > tol) {
            throw new IllegalStateException(String.format(Locale.ROOT,
                    "quantisation error %.4f mm stays above the tolerance %.4f mm", m.oursQuantisationMax() * 1000,
                    tol * 1000));
        }

        // merge jumps: the largest position distance between the dead end and the target, as stored
        List<SecondaryFrames.Transition> transitions = frames.transitions();
        float[] jumpMm = new float[transitions.size()];
        float[] a = new float[rows];
        float[] c = new float[rows];
        for (int t = 0; t < transitions.size(); t++) {
            SecondaryFrames.Transition tr = transitions.get(t);
            if (tr.merged()) {
                frames.read(tr.deadEnd(), a);
                frames.read(frames.stateFrame(tr.to()), c);
                double worst = 0;
                for (int r = 0; r < rows; r += 3) {
                    double dx = a[r] - c[r];
                    double dy = a[r + 1] - c[r + 1];
                    double dz = a[r + 2] - c[r + 2];
                    worst = Math.max(worst, dx * dx + dy * dy + dz * dz);
                }
                jumpMm[t] = (float) (Math.sqrt(worst) * 1000);
            }
        }
        sub.worked(20);

        // encode and write
        int[] pred = new int[n];
        for (int j = 0; j < n; j++) {
            pred[j] = frames.predecessor(j);
        }
        CoefficientBlocks blocks = CoefficientBlocks.encode(ours, pred, options.blockFrames(), options.preset(), true);
        sub.worked(80);
        Map<String, byte[]> parts = new LinkedHashMap<>();
        String relative = ProjectFormat.DATABASES_FOLDER + "/" + slug(garment.name()) + RuntimeFormat.EXTENSION;
        try {
            double fps = project.clips().isEmpty() ? 30 : project.clips().get(0).fps();
            parts.put(RuntimeFormat.META, RuntimeFormat.packPart(RuntimeDatabaseWriter.meta(garment.name(),
                    rows / 3, b, blendFrames, fps, options.toleranceMm(), "ClothGraph, project '" + project.name()
                            + "'"), false));
            parts.put(RuntimeFormat.MESH, RuntimeFormat.packPart(RuntimeDatabaseWriter.mesh(
                    ProjectGarments.mesh(project, garment).triangles()), true));
            parts.put(RuntimeFormat.GRAPH, RuntimeFormat.packPart(RuntimeDatabaseWriter.graph(frames, jumpMm), true));
            parts.put(RuntimeFormat.FRAMES, RuntimeFormat.packPart(RuntimeDatabaseWriter.frames(blocks,
                    m.oursFrameMax()), true));
            parts.put(RuntimeFormat.BASIS, RuntimeFormat.packPart(RuntimeDatabaseWriter.basis(ours, rows), true));
            parts.put(RuntimeFormat.COEFFICIENTS, blocks.data);
        } catch (IOException e) {
            throw new StorageException("cannot encode the runtime database: " + e.getMessage(), e);
        }
        sub.worked(30);
        Path file;
        RuntimeDatabaseWriter.PartSizes[] sizes = new RuntimeDatabaseWriter.PartSizes[1];
        if (options.output() != null) {
            file = options.output();
            try {
                if (file.getParent() != null) {
                    Files.createDirectories(file.getParent());
                }
                Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
                try (OutputStream out = Files.newOutputStream(tmp)) {
                    sizes[0] = RuntimeDatabaseWriter.write(out, parts);
                }
                Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new StorageException("cannot write " + file + ": " + e.getMessage(), e);
            }
        } else {
            file = project.writeFile(relative, target -> {
                try (OutputStream out = Files.newOutputStream(target)) {
                    sizes[0] = RuntimeDatabaseWriter.write(out, parts);
                }
            });
        }
        long runtimeBytes;
        try (RuntimeDatabase db = RuntimeDatabase.open(file)) {
            db.verifyAllBlocks();
            runtimeBytes = db.runtimeBytes();
        } catch (RuntimeDatabaseException e) {
            throw new StorageException("the written database does not read back: " + e.getMessage(), e);
        }
        Report report = report(file, frames, svd, f, ours, paper, m, blocks, sizes[0], runtimeBytes, options, share,
                alpha, (System.nanoTime() - t0) / 1e9);
        if (options.output() == null) {
            String json = new GsonBuilder().serializeSpecialFloatingPointValues().create().toJson(report.toMap());
            project.batch(() -> {
                project.putDatabase(slug(garment.name()), relative, b);
                project.setSetting(SETTINGS_SCOPE, slug(garment.name()), json);
            });
        }
        sub.done();
        return report;
    }

    private static Report report(Path file, SecondaryFrames frames, StreamingSvd.Result svd, Quantisation.Rescaled f,
            Quantisation ours, Quantisation paper, ReconstructionError.Measure m, CoefficientBlocks blocks,
            RuntimeDatabaseWriter.PartSizes sizes, long runtimeBytes, Options options, double share, double alpha,
            double seconds) {
        int n = svd.columns();
        int rows = svd.rows();
        int v = rows / 3;
        int b = svd.basisSize();
        long raw = 4L * rows * n;
        long basisBytes = sizes.parts().get(RuntimeFormat.BASIS);
        long coefficientBytes = sizes.parts().get(RuntimeFormat.COEFFICIENTS);
        long graphBytes = sizes.total() - basisBytes - coefficientBytes;
        long total = sizes.total();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("file", file.toString());
        r.put("garment", frames.garment().name());
        r.put("vertices", v);
        r.put("frames", n);
        r.put("states", frames.states().size());
        r.put("transitions", frames.transitions().size());
        r.put("basis", b);
        r.put("toleranceMm", options.toleranceMm());
        r.put("rawBytes", raw);
        r.put("compressedBytes", total);
        Map<String, Object> byPart = new LinkedHashMap<>();
        byPart.put("basis", basisBytes);
        byPart.put("coefficients", coefficientBytes);
        byPart.put("graph", graphBytes);
        r.put("bytesByPart", byPart);
        Map<String, Object> fileParts = new LinkedHashMap<>(sizes.parts());
        fileParts.put("header", sizes.header());
        r.put("fileParts", fileParts);
        r.put("ratio", round((double) raw / total));
        r.put("bitsPerVertexPerFrame", round(8.0 * total / ((double) n * v)));
        r.put("eightBitShare", round((double) ours.eightBitVectors() / b));
        r.put("maxErrorMm", round(m.oursMax() * 1000));
        r.put("meanErrorMm", round(m.oursMean() * 1000));
        r.put("truncationMaxErrorMm", round(m.truncationMax() * 1000));
        r.put("truncationMeanErrorMm", round(m.truncationMean() * 1000));
        r.put("quantisationMaxErrorMm", round(m.oursQuantisationMax() * 1000));
        r.put("worstFrame", m.worstFrame());
        r.put("runtimeBytes", runtimeBytes);
        List<Double> energy = new ArrayList<>();
        double captured = 0;
        for (double s : svd.singularValues()) {
            double e = svd.energy() > 0 ? s * s / svd.energy() : 0;
            captured += e;
            energy.add(Double.valueOf(String.format(Locale.ROOT, "%.3g", e)));
        }
        r.put("energyPerVector", energy);
        r.put("energyCaptured", Double.valueOf(String.format(Locale.ROOT, "%.9f", captured)));
        Map<String, Object> entropy = new LinkedHashMap<>();
        long coefficients16 = 2L * n * b;
        entropy.put("coefficients16BitBytes", coefficients16);
        entropy.put("coefficientsLzmaWithoutDeltasBytes", blocks.bytesWithoutDeltas);
        entropy.put("coefficientsBytes", coefficientBytes);
        entropy.put("coefficientsGain", round((double) coefficients16 / coefficientBytes));
        entropy.put("basisPlainBytes", ours.basisBytes());
        entropy.put("basisBytes", basisBytes);
        entropy.put("basisGain", round((double) ours.basisBytes() / basisBytes));
        entropy.put("blocks", blocks.blocks());
        entropy.put("blockFrames", options.blockFrames());
        entropy.put("deltaFrames", blocks.deltaFrames());
        entropy.put("codec", "LZMA2 (org.tukaani:xz), preset " + options.preset());
        r.put("entropyCoding", entropy);
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("steps", options.balanced() ? "balanced: s_i = k sqrt(3v) / rms(c'_i), t_i = k sqrt(n) / rms(B'_i)"
                : "uniform basis quantum share x a, t_i = (1 - share) a / max|B'_i|");
        q.put("parameter", alpha);
        if (!options.balanced()) {
            q.put("basisShare", round(share));
            q.put("basisQuantumMm", round(share * alpha * 1000));
        }
        r.put("quantisation", q);
        // the paper's scheme: basis 8/16 bits, 16-bit coefficients, no entropy coding; same graph bytes
        long paperBasis = paper.basisBytes();
        long paperCoefficients = 2L * n * b;
        long paperTotal = paperBasis + paperCoefficients + graphBytes;
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("bytes", paperTotal);
        p.put("basisBytes", paperBasis);
        p.put("coefficientBytes", paperCoefficients);
        p.put("graphBytes", graphBytes);
        p.put("maxErrorMm", round(m.paperMax() * 1000));
        p.put("meanErrorMm", round(m.paperMean() * 1000));
        p.put("quantisationMaxErrorMm", round(m.paperQuantisationMax() * 1000));
        p.put("ratio", round((double) raw / paperTotal));
        p.put("bitsPerVertexPerFrame", round(8.0 * paperTotal / ((double) n * v)));
        p.put("eightBitShare", round((double) paper.eightBitVectors() / b));
        p.put("sizeOverOurs", round((double) paperTotal / total));
        p.put("oursNoWorse", m.oursMax() <= m.paperMax());
        r.put("paperScheme", p);
        // projection to the paper's robe from the measured per-entry and per-frame costs
        Map<String, Object> proj = new LinkedHashMap<>();
        double basisEntries = (double) rows * b;
        double projRows = 3.0 * PAPER_VERTICES;
        double projRaw = 4.0 * projRows * PAPER_FRAMES;
        double graphPerFrame = (double) graphBytes / n;
        double perFrameScale = 200.0 / b;
        double oursProj = basisBytes / basisEntries * projRows * 200 + (double) coefficientBytes / n * perFrameScale
                * PAPER_FRAMES + graphPerFrame * PAPER_FRAMES;
        double paperProj = paperBasis / basisEntries * projRows * 200 + 2.0 * 200 * PAPER_FRAMES
                + graphPerFrame * PAPER_FRAMES;
        proj.put("vertices", PAPER_VERTICES);
        proj.put("frames", PAPER_FRAMES);
        proj.put("basis", 200);
        proj.put("rawBytes", (long) projRaw);
        proj.put("oursBytes", (long) oursProj);
        proj.put("oursRatio", round(projRaw / oursProj));
        proj.put("paperSchemeBytes", (long) paperProj);
        proj.put("paperSchemeRatio", round(projRaw / paperProj));
        r.put("projectionToPaperSize", proj);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("passes", svd.passes());
        s.put("powerIterations", options.powerIterations());
        s.put("seconds", round(svd.seconds()));
        s.put("megabytesRead", round(svd.bytesRead() / 1e6));
        s.put("megabytesPerSecond", round(svd.megabytesPerSecond()));
        s.put("dMegabytes", round(raw / 1e6));
        s.put("peakHeapMegabytes", round(svd.peakHeapBytes() / 1e6));
        s.put("maxHeapMegabytes", round(Runtime.getRuntime().maxMemory() / 1e6));
        r.put("svd", s);
        r.put("seconds", round(seconds));
        return new Report(file, r, m.oursMax() * 1000, m.truncationMax() * 1000, m.oursQuantisationMax() * 1000,
                m.oursFrameMax(), total, paperTotal, m.paperMax() * 1000);
    }

    /** The project's blend window; settings an older version stored and this one cannot read give the default. */
    static int blendFrames(Project project) {
        try {
            return ExplorationSettings.of(project).blendFrames();
        } catch (RuntimeException e) {
            return ExplorationSettings.defaults().blendFrames();
        }
    }

    static GarmentInfo garment(Project project, String name) {
        if (name == null) {
            return org.clothgraph.explore.ExploredPath.exploredGarment(project);
        }
        GarmentInfo g = ProjectGarments.find(project, name);
        if (g == null) {
            throw new InvalidInputException(project.folder().toString(), "garment", "no garment named '" + name + "'");
        }
        return g;
    }

    static String slug(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.isEmpty() ? "garment" : s;
    }

    private static int[] sample(int n, int count) {
        int k = Math.min(n, count);
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            out[i] = (int) ((long) i * n / k);
        }
        return out;
    }

    static double round(double x) {
        return Math.round(x * 1000) / 1000.0;
    }
}
