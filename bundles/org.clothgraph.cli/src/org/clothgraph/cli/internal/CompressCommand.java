package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.compress.Compressor;
import org.clothgraph.model.Project;

/**
 * {@code compress}: the explored secondary graph of a garment into one runtime database (Kim et al. 2013,
 * section 4): out-of-core SVD, quantisation held to the tolerance by decoding, LZMA2 coefficient blocks; stored
 * under the project's {@code databases/} and recorded in the model, or written to {@code --output}.
 */
public final class CompressCommand extends WorkspaceCommand {
    public CompressCommand() {
        super("compress", "Compress the explored secondary graph into a runtime database.");
        option(Option.value("basis", "B", "basis vectors (default 200)"));
        option(Option.value("tolerance-mm", "MM", "quantisation error bound per vertex, measured by decoding"
                + " (default 0.3); 'paper': the paper's scheme's quantisation error on the same data, measured first"));
        option(Option.value("garment", "NAME", "garment whose graph to compress (default: the explored hooded robe)"));
        option(Option.value("output", "FILE", "write the database here instead of into the project (the project is"
                + " only read)"));
        option(Option.value("power-iterations", "Q", "power iterations of the randomized SVD (default 2)"));
        option(Option.value("block-frames", "N", "frames per coefficient block (random access unit; default 64)"));
        option(Option.flag("uniform-steps", "one basis quantum for all vectors (the paper's kind of rule, budgeted)"
                + " instead of steps balanced by each vector's typical size"));
        offerWait();
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--basis B] [--tolerance-mm MM|paper] [--garment NAME] [--output FILE] [--power-iterations Q]"
                + " [--block-frames N] [--uniform-steps] [--wait] [--json]";
    }

    @Override
    protected boolean writes(Args args) {
        return args.value("output").isEmpty();
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        Compressor.Options o = Compressor.Options.defaults();
        boolean fromPaper = args.value("tolerance-mm").map(v -> v.equals("paper")).orElse(false);
        o = new Compressor.Options(args.intValue("basis", 200, 1, 10_000), fromPaper ? o.toleranceMm()
                : args.doubleValue("tolerance-mm", 0.3, 1e-4, 100), args.intValue("block-frames", o.blockFrames(), 1,
                        1 << 16), args.intValue("power-iterations", o.powerIterations(), 0, 10), o.preset(),
                args.value("garment").orElse(null), args.value("output").map(Path::of).orElse(null), o.matchPaper(),
                !args.flag("uniform-steps"), fromPaper);
        Compressor.Report r = Compressor.compress(project, o, new ConsoleProgressMonitor(err).cancelOnShutdown());
        if (args.flag("json")) {
            JsonOutput.print(out, r.toMap());
        } else {
            print(r.toMap(), out);
        }
        return 0;
    }

    @SuppressWarnings("unchecked")
    private static void print(Map<String, Object> m, PrintStream out) {
        Map<String, Object> parts = (Map<String, Object>) m.get("bytesByPart");
        Map<String, Object> paper = (Map<String, Object>) m.get("paperScheme");
        Map<String, Object> proj = (Map<String, Object>) m.get("projectionToPaperSize");
        Map<String, Object> svd = (Map<String, Object>) m.get("svd");
        out.printf(Locale.ROOT, "%s: %s frames of %s vertices, b = %s -> %s%n", m.get("garment"), m.get("frames"),
                m.get("vertices"), m.get("basis"), m.get("file"));
        out.printf(Locale.ROOT, "  %,d bytes raw -> %,d bytes (basis %,d, coefficients %,d, graph %,d): %s:1, %s bits"
                + " per vertex per frame, %s of basis vectors 8-bit%n", (Long) m.get("rawBytes"),
                (Long) m.get("compressedBytes"), (Long) parts.get("basis"), (Long) parts.get("coefficients"),
                (Long) parts.get("graph"), m.get("ratio"), m.get("bitsPerVertexPerFrame"), m.get("eightBitShare"));
        out.printf(Locale.ROOT, "  error by decoding every frame: max %s mm, mean %s mm (truncation alone: max %s mm;"
                + " quantisation: max %s mm, tolerance %s mm)%n", m.get("maxErrorMm"), m.get("meanErrorMm"),
                m.get("truncationMaxErrorMm"), m.get("quantisationMaxErrorMm"), m.get("toleranceMm"));
        out.printf(Locale.ROOT, "  the paper's scheme on the same data: %,d bytes (%s:1), max error %s mm: ours is %sx"
                + " smaller%n", (Long) paper.get("bytes"), paper.get("ratio"), paper.get("maxErrorMm"),
                paper.get("sizeOverOurs"));
        out.printf(Locale.ROOT, "  projected to %s vertices x %s frames: ours %s:1, the paper's scheme %s:1%n",
                proj.get("vertices"), proj.get("frames"), proj.get("oursRatio"), proj.get("paperSchemeRatio"));
        out.printf(Locale.ROOT, "  SVD: %s passes, %s s, %s MB/s, peak heap %s MB%n", svd.get("passes"),
                svd.get("seconds"), svd.get("megabytesPerSecond"), svd.get("peakHeapMegabytes"));
    }
}
