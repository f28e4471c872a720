package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.garment.FeatureLoop;
import org.clothgraph.sim.garment.GarmentFeatures;
import org.clothgraph.sim.garment.Garments;
import org.clothgraph.sim.io.ArcsimMaterialReader;
import org.clothgraph.sim.io.Axes;
import org.clothgraph.sim.io.ObjGarmentReader;

/**
 * {@code garment list | features | import | robe | outfit | remove}: the project's garments, their feature loops, OBJ import (ARCSim merged OBJ
 * with vt, or a Berkeley Garment Library material-space + world-space pair) with an ARCSim fabric,
 * and the generated demo garments at a chosen resolution.
 */
public final class GarmentCommand extends WorkspaceCommand {
    public GarmentCommand() {
        super("garment", "List, import or generate garments.");
        option(Option.value("name", "NAME", "import/robe/outfit/remove: the garment's name; features: which garment (default"
                + " the hooded robe)"));
        option(Option.value("material", "FABRIC.json", "import: an ARCSim fabric file (default: ClothGraph's cotton-like default)"));
        option(Option.value("up", "y|z", "import: the file's up axis (ARCSim files are z; default y)"));
        option(Option.value("vertices", "N", "robe/outfit: target vertex count (default " + Garments.DEFAULT_ROBE_VERTICES + ")"));
    }

    @Override
    public boolean takesPositionals() {
        return true;
    }

    @Override
    protected String usage() {
        return "list --workspace DIR [--json] | features --workspace DIR [--name NAME] [--json] | import --workspace DIR --name NAME [--material F] [--up y|z] MESH.obj"
                + " [WORLD.obj] | robe|outfit --workspace DIR [--name NAME] [--vertices N] | remove --workspace DIR --name NAME";
    }

    @Override
    protected boolean writes(Args args) {
        List<String> pos = args.positionals();
        return !pos.isEmpty() && !pos.get(0).equals("list") && !pos.get(0).equals("features");
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        List<String> pos = args.positionals();
        String sub = pos.isEmpty() ? "list" : pos.get(0);
        List<String> files = pos.isEmpty() ? List.of() : pos.subList(1, pos.size());
        switch (sub) {
            case "list" -> {
                if (!files.isEmpty()) {
                    throw new UsageException("list takes no files");
                }
            }
            case "features" -> {
                if (!files.isEmpty()) {
                    throw new UsageException("features takes no files");
                }
                features(project, args.value("name").orElse(ProjectGarments.ROBE), args.flag("json"), out);
            }
            case "import" -> importGarment(project, args, files, out);
            case "robe", "outfit" -> generate(project, args, sub, files, out);
            case "remove" -> {
                if (!files.isEmpty()) {
                    throw new UsageException("remove takes no file arguments (--name NAME)");
                }
                String name = args.value("name").orElseThrow(() -> new UsageException("remove needs --name NAME"));
                ProjectGarments.remove(project, name);
                out.printf("removed garment %s%n", name);
            }
            default -> throw new UsageException("unknown subcommand '" + sub + "' (list, features, import, robe, outfit, remove)");
        }
        if (sub.equals("list")) {
            list(project, args.flag("json"), out);
        }
        return 0;
    }

    private static void importGarment(Project project, Args args, List<String> files, PrintStream out) {
        String name = args.required("name");
        if (files.isEmpty() || files.size() > 2) {
            throw new UsageException("import needs one ARCSim OBJ, or a Berkeley material-space and world-space OBJ pair");
        }
        Axes axes = switch (args.value("up").orElse("y")) {
            case "y" -> Axes.Y_UP;
            case "z" -> Axes.Z_UP;
            default -> throw new UsageException("--up must be y or z");
        };
        Path first = Path.of(files.get(0)).toAbsolutePath().normalize();
        ClothMesh mesh = files.size() == 1 ? ObjGarmentReader.readArcsim(first, axes).mesh()
                : ObjGarmentReader.readBerkeley(first, Path.of(files.get(1)).toAbsolutePath().normalize(), axes).mesh();
        Material material = args.value("material").map(m -> ArcsimMaterialReader.read(Path.of(m).toAbsolutePath()))
                .orElse(Material.defaults());
        if (ProjectGarments.find(project, name) != null) {
            throw new InvalidInputException(project.folder().toString(), "--name", "a garment named '" + name + "' exists");
        }
        GarmentInfo g = ProjectGarments.add(project, name, mesh, material);
        out.println("imported " + g.name() + ": " + g.vertexCount() + " vertices, material " + material.name());
    }

    private static void generate(Project project, Args args, String kind, List<String> files, PrintStream out) {
        if (!files.isEmpty()) {
            throw new UsageException(kind + " takes no files");
        }
        int vertices = args.intValue("vertices", Garments.DEFAULT_ROBE_VERTICES, 100, 200_000);
        String name = args.value("name").orElse(kind.equals("robe") ? ProjectGarments.ROBE + " " + vertices
                : ProjectGarments.CASUAL + " " + vertices);
        if (ProjectGarments.find(project, name) != null) {
            throw new InvalidInputException(project.folder().toString(), "--name", "a garment named '" + name + "' exists");
        }
        ClothMesh mesh = kind.equals("robe") ? Garments.hoodedRobe(ProjectGarments.restBody(project), vertices)
                : Garments.casualOutfit(ProjectGarments.restBody(project), vertices);
        GarmentInfo g = ProjectGarments.add(project, name, mesh, Material.defaults());
        out.println("generated " + g.name() + ": " + g.vertexCount() + " vertices; groups "
                + String.join(", ", g.vertexGroups().keySet()));
    }

    /** The garment's feature loops at rest (GarmentFeatures): what dressing grips and steers into. */
    private static void features(Project project, String name, boolean json, PrintStream out) {
        GarmentInfo g = ProjectGarments.find(project, name);
        if (g == null) {
            throw new InvalidInputException(project.folder().toString(), "--name", "no garment named '" + name + "'");
        }
        List<FeatureLoop> loops = GarmentFeatures.of(ProjectGarments.mesh(project, g), ProjectGarments.restBody(project));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (FeatureLoop f : loops) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", f.name());
            m.put("vertices", f.vertices().length);
            m.put("perimeterMm", Math.round(f.perimeter() * 1000));
            m.put("radiusMm", Math.round(f.radius() * 1000));
            m.put("centre", List.of(round3(f.centre()[0]), round3(f.centre()[1]), round3(f.centre()[2])));
            m.put("normal", List.of(round3(f.normal()[0]), round3(f.normal()[1]), round3(f.normal()[2])));
            m.put("loop", java.util.Arrays.stream(f.vertices()).boxed().toList());
            rows.add(m);
        }
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("garment", g.name());
            m.put("features", rows);
            JsonOutput.print(out, m);
            return;
        }
        out.printf(java.util.Locale.ROOT, "%s: %d feature loops (border loops of the mesh at rest)%n", g.name(),
                loops.size());
        for (Map<String, Object> r : rows) {
            out.printf(java.util.Locale.ROOT, "  %-28s %4d vertices  perimeter %5d mm  radius %4d mm  centre %s%n",
                    r.get("name"), r.get("vertices"), r.get("perimeterMm"), r.get("radiusMm"), r.get("centre"));
        }
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private static void list(Project project, boolean json, PrintStream out) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (GarmentInfo g : project.garments()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", g.name());
            m.put("vertices", g.vertexCount());
            m.put("mesh", g.meshFile());
            m.put("groups", g.vertexGroups().keySet().stream().sorted().toList());
            m.put("material", ProjectGarments.material(g).name());
            rows.add(m);
        }
        if (json) {
            JsonOutput.print(out, Map.of("garments", rows));
        } else {
            rows.forEach(r -> out.println(r.get("name") + ": " + r.get("vertices") + " vertices, groups " + r.get("groups")
                    + ", material " + r.get("material")));
        }
    }
}
