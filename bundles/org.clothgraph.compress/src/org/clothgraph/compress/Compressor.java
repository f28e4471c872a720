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
    /** How far below the paper scheme's max error the worst vertices are rounded (m): float decoding differs. */
    static final double ROUNDING_MARGIN = 1e-6;
    /** Below this share of the tolerance the measured steps are made coarser once, to this share. */
    static final double GROW_BELOW = 0.93;
    static final double GROW_TO = 0.97;
    /** Coefficient : basis step ratios tried (x the rate-optimal split of {@link StepAllocation}). */
    static final double[] SPLITS = { 1, 1.5, 2, 3 };

    /**
     * @param output where to write (null: {@code databases/<garment>.cgrt} in the project, registered there)
     * @param matchPaper keep our max error no worse than the paper scheme's: round the worst vertices toward the
     *                   frames ({@link WorstVertexRounding}), then, if needed, tighten the budget
     */
    /**
     * How to compress. {@code toleranceFromPaper}: the tolerance is not {@code toleranceMm} but the quantisation error
     * the paper's scheme has on the same factors, measured by decoding every frame first ("as precise as the paper's
     * scheme": the comparison at equal quantisation error).
     */
    public record Options(int basis, double toleranceMm, int blockFrames, int powerIterations, int preset,
            String garment, Path output, boolean matchPaper, boolean balanced, boolean toleranceFromPaper) {
        public static Options defaults() {
            return new Options(200, 0.3, 64, 2, 6, null, null, true, true, false);
        }

        /** Uniform basis quantum (the paper's kind of rule, budgeted) instead of the balanced steps. */
        public Options withBalanced(boolean b) {
            return new Options(basis, toleranceMm, blockFrames, powerIterations, preset, garment, output, matchPaper, b,
                    toleranceFromPaper);
        }

        public Options withBasis(int b) {
            return new Options(b, toleranceMm, blockFrames, powerIterations, preset, garment,
                    output, matchPaper, balanced, toleranceFromPaper);
        }

        public Options withTolerance(double mm) {
            return new Options(basis, mm, blockFrames, powerIterations, preset, garment,
                    output, matchPaper, balanced, false);
        }

        /** The tolerance set to the paper scheme's measured quantisation error. */
        public Options withToleranceFromPaper() {
            return new Options(basis, toleranceMm, blockFrames, powerIterations, preset, garment,
                    output, matchPaper, balanced, true);
        }

        public Options withOutput(Path file) {
            return new Options(basis, toleranceMm, blockFrames, powerIterations, preset, garment,
                    file, matchPaper, balanced, toleranceFromPaper);
        }

        public Options withGarment(String name) {
            return new Options(basis, toleranceMm, blockFrames, powerIterations, preset, name,
                    output, matchPaper, balanced, toleranceFromPaper);
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
        // the truncation and the paper scheme's errors, by decoding every frame once
        ReconstructionError.PaperSide paperSide = ReconstructionError.paper(frames, f, paper, sub.split(100));
        if (options.toleranceFromPaper()) {
            // as precise as the paper's scheme: its quantisation error
            tol = paperSide.paperQuantisationMax();
            options = options.withTolerance(tol * 1000).withToleranceFromPaper();
        }
        double share = (double) rows / (rows + n);
        int[] sample = sample(n, 300);
        int[] predecessors = new int[n];
        for (int j = 0; j < n; j++) {
            predecessors[j] = frames.predecessor(j);
        }
        java.util.function.DoubleFunction<Quantisation> scheme;
        double alpha;
        double chosenSplit = Double.NaN;
        if (options.balanced()) {
            // worst-case steps; the basis : coefficient split that the size estimate prefers at the tolerance
            StepAllocation.Steps steps = StepAllocation.worstCase(f);
            double bestBytes = Double.POSITIVE_INFINITY;
            double bestAlpha = Double.NaN;
            for (double split : SPLITS) {
                if (sub.isCanceled()) {
                    throw new org.eclipse.core.runtime.OperationCanceledException();
                }
                double a = fit(k -> Quantisation.worstCase(f, k, steps, split), f, sample, tol, tol / Math.sqrt(rows));
                double bytes = Quantisation.worstCase(f, a, steps, split).estimatedBytes(predecessors);
                if (bytes < bestBytes) {
                    bestBytes = bytes;
                    bestAlpha = a;
                    chosenSplit = split;
                }
            }
            double split = chosenSplit;
            scheme = k -> Quantisation.worstCase(f, k, steps, split);
            alpha = bestAlpha;
        } else {
            scheme = a -> Quantisation.ours(f, a, share);
            alpha = fit(scheme, f, sample, tol, tol);
        }
        Quantisation ours = scheme.apply(alpha);
        sub.worked(40);
        // every frame decoded. Well under the tolerance (the sample's fit is loose): coarser steps once, kept only
        // if they pass. Over the tolerance: tighten all steps. Worse than the paper's scheme: first round the rows of
        // the vertices above its max toward the frames (they alone set the max; no other vertex changes), then,
        // where that is not enough and the paper's max is above the truncation error, tighten all steps.
        ReconstructionError.Measure m = null;
        WorstVertexRounding.Result rounding = null;
        boolean rounded = false;
        boolean grown = false;
        Quantisation passed = null;
        ReconstructionError.Measure passedMeasure = null;
        WorstVertexRounding.Result passedRounding = null;
        double passedAlpha = alpha;
        boolean passedRounded = false;
        for (int it = 0;; it++) {
            m = ReconstructionError.full(frames, f, ours, paperSide, sub.split(it == 0 ? 100 : 30));
            boolean overTolerance = m.oursQuantisationMax() > tol;
            boolean worseThanPaper = options.matchPaper() && m.oursMax() > m.paperMax();
            if (!overTolerance && !worseThanPaper) {
                if (!grown && it < 3 && m.oursQuantisationMax() < GROW_BELOW * tol) {
                    passed = ours;
                    passedMeasure = m;
                    passedRounding = rounding;
                    passedRounded = rounded;
                    passedAlpha = alpha;
                    grown = true;
                    alpha *= GROW_TO * tol / Math.max(m.oursQuantisationMax(), 1e-12);
                    ours = scheme.apply(alpha);
                    rounded = false;
                    rounding = null;
                    continue;
                }
                break; // the frame errors measured are those of the quantisation written
            }
            if (!overTolerance && !rounded) {
                rounding = WorstVertexRounding.apply(frames, f, ours, above(m.oursVertexMax(), m.paperMax()),
                        m.paperMax() - ROUNDING_MARGIN, tol, sub.split(10));
                rounded = true;
                continue;
            }
            if (passed != null) { // the coarser steps did not pass: back to the ones that did
                ours = passed;
                m = passedMeasure;
                rounding = passedRounding;
                rounded = passedRounded;
                alpha = passedAlpha;
                break;
            }
            if (it >= 5 || (!overTolerance && m.paperMax() <= m.truncationMax())) {
                break; // tightening cannot reach below the truncation error
            }
            alpha *= overTolerance ? 0.97 * tol / m.oursQuantisationMax() : 0.8;
            ours = scheme.apply(alpha);
            rounded = false;
            rounding = null;
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
        CoefficientBlocks blocks = CoefficientBlocks.encode(ours, predecessors, options.blockFrames(), options.preset(), true);
        sub.worked(80);
        Map<String, byte[]> parts = new LinkedHashMap<>();
        int[] triangles = ProjectGarments.mesh(project, garment).triangles();
        String relative = ProjectFormat.DATABASES_FOLDER + "/" + slug(garment.name()) + RuntimeFormat.EXTENSION;
        try {
            double fps = project.clips().isEmpty() ? 30 : project.clips().get(0).fps();
            parts.put(RuntimeFormat.META, RuntimeFormat.packPart(RuntimeDatabaseWriter.meta(garment.name(),
                    rows / 3, b, blendFrames, fps, options.toleranceMm(), "ClothGraph, project '" + project.name()
                            + "'"), false));
            parts.put(RuntimeFormat.MESH, RuntimeFormat.packPart(RuntimeDatabaseWriter.mesh(triangles), true));
            parts.put(RuntimeFormat.GRAPH, RuntimeFormat.packPart(RuntimeDatabaseWriter.graph(frames, jumpMm), true));
            parts.put(RuntimeFormat.FRAMES, RuntimeFormat.packPart(RuntimeDatabaseWriter.frames(blocks,
                    m.oursFrameMax()), true));
            // range coded: LZMA2 would not shrink it
            parts.put(RuntimeFormat.BASIS, RuntimeFormat.packPart(RuntimeDatabaseWriter.basis(ours, rows, triangles),
                    false));
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
                alpha, chosenSplit, rounded ? rounding : null, (System.nanoTime() - t0) / 1e9);
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
            double split, WorstVertexRounding.Result rounding, double seconds) {
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
        r.put("toleranceRule", options.toleranceFromPaper() ? "the paper scheme's quantisation error on these factors"
                : "given");
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
        q.put("steps", options.balanced() ? "worst case: s_i = k sqrt(3v) sqrt(u_i), t_i = k split sqrt(n) sqrt(w_i),"
                + " u and w the D-optimal steps for the worst frame and the worst vertex"
                : "uniform basis quantum share x a, t_i = (1 - share) a / max|B'_i|");
        q.put("parameter", alpha);
        if (options.balanced()) {
            q.put("split", split);
        }
        if (!options.balanced()) {
            q.put("basisShare", round(share));
            q.put("basisQuantumMm", round(share * alpha * 1000));
        }
        Map<String, Object> wr = new LinkedHashMap<>();
        wr.put("vertices", rounding == null ? 0 : rounding.vertices());
        wr.put("moves", rounding == null ? 0 : rounding.moves());
        if (rounding != null) {
            wr.put("worstBeforeMm", round(rounding.worstBefore() * 1000));
            wr.put("worstAfterMm", round(rounding.worstAfter() * 1000));
        }
        q.put("worstVertexRounding", wr);
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
        p.put("oursAtMostHalfAtNoWorseMaxError", m.oursMax() <= m.paperMax() && paperTotal >= 2 * total);
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

    /** The scheme's parameter whose quantisation error on the sample frames is within 10 % under the tolerance. */
    static double fit(java.util.function.DoubleFunction<Quantisation> scheme, Quantisation.Rescaled f,
            int[] sample, double tol, double start) {
        double alpha = start;
        double best = Double.NaN;
        for (int it = 0; it < 12; it++) {
            double e = ReconstructionError.quantisation(f, scheme.apply(alpha), sample);
            if (e <= tol) {
                best = Double.isNaN(best) ? alpha : Math.max(best, alpha);
                if (e > 0.9 * tol) {
                    break;
                }
            }
            alpha *= e > 0 ? 0.95 * tol / e : 4;
        }
        return Double.isNaN(best) ? alpha : best;
    }

    /** The vertices whose value is above the limit. */
    static int[] above(double[] perVertex, double limit) {
        return java.util.stream.IntStream.range(0, perVertex.length).filter(v -> perVertex[v] > limit).toArray();
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
