package org.clothgraph.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.model.Project;
import org.clothgraph.playback.ProjectDatabases;
import org.clothgraph.playback.export.WalkExport;
import org.clothgraph.runtime.RuntimeDatabaseException;

/**
 * {@code export gltf|obj}: a random walk of the project's runtime database, decoded and posed on the character, for
 * engines and viewers: glTF 2.0 (.glb or .gltf + .bin; one morph target per frame, animated weights) or an OBJ
 * sequence (a folder of frame_NNNN.obj and frames.csv). Every frame's error bound is written with it.
 */
public final class ExportCommand extends WorkspaceCommand {
    public ExportCommand() {
        super("export", "Export a walk of the compressed database as glTF 2.0 or as an OBJ sequence.");
        option(Option.value("out", "FILE|DIR", "the .glb or .gltf file (gltf), or the folder (obj) to write"
                + " (required)"));
        option(Option.value("frames", "N", "frames of the walk, the initial one included (default 120)"));
        option(Option.value("seed", "S", "seed of the random walk's choices (default 1)"));
        option(Option.value("database", "FILE", "the runtime database (default: the project's newest)"));
        option(Option.flag("cloth-only", "leave the character's body out"));
    }

    @Override
    public boolean takesPositionals() {
        return true;
    }

    @Override
    protected String usage() {
        return "gltf|obj --workspace DIR --out FILE|DIR [--frames N] [--seed S] [--database FILE] [--cloth-only]"
                + " [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        List<String> kind = args.positionals();
        if (kind.size() != 1 || !(kind.get(0).equals("gltf") || kind.get(0).equals("obj"))) {
            throw new UsageException("say what to export: gltf or obj (see --help)");
        }
        WalkExport.Format format = kind.get(0).equals("gltf") ? WalkExport.Format.GLTF : WalkExport.Format.OBJ;
        Path target = args.requiredPath("out");
        String name = target.getFileName().toString().toLowerCase(Locale.ROOT);
        if (format == WalkExport.Format.GLTF && !(name.endsWith(".glb") || name.endsWith(".gltf"))) {
            throw new UsageException("--out of a glTF export must end in .glb or .gltf (got " + target + ")");
        }
        int frames = args.intValue("frames", 120, 1, 100_000);
        int seed = args.intValue("seed", 1, 0, Integer.MAX_VALUE);
        Path database = args.value("database").map(d -> Path.of(d).toAbsolutePath().normalize())
                .orElseGet(() -> ProjectDatabases.newest(project));
        WalkExport.Result r;
        try {
            r = WalkExport.export(project, database, new WalkExport.Options(format, frames, seed,
                    args.flag("cloth-only"), Runtime.getRuntime().availableProcessors()), target,
                    new ConsoleProgressMonitor(err));
        } catch (RuntimeDatabaseException e) {
            err.println("clothgraph export: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("clothgraph export: cannot write " + target + ": " + e.getMessage());
            return 2;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", kind.get(0));
        m.put("database", database.toString());
        m.put("out", r.out().toString());
        List<String> files = new ArrayList<>();
        r.files().forEach(f -> files.add(f.toString()));
        m.put("files", files);
        m.put("frames", r.frames());
        m.put("seed", seed);
        m.put("bytes", r.bytes());
        m.put("largestErrorBoundMm", BenchCommand.round(r.largestErrorBoundMm()));
        if (args.flag("json")) {
            JsonOutput.print(out, m);
        } else {
            out.printf(Locale.ROOT, "exported %d frames of a random walk (seed %d) of %s to %s: %d file%s, %.1f MB;"
                    + " largest error bound %.2f mm%n", r.frames(), seed, database.getFileName(), r.out(),
                    files.size(), files.size() == 1 ? "" : "s", r.bytes() / 1e6, r.largestErrorBoundMm());
        }
        return 0;
    }
}
