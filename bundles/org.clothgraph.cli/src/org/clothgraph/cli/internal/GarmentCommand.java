package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.cloth.FittingPose;
import org.clothgraph.cloth.GarmentFit;
import org.clothgraph.cloth.GarmentPlacement;
import org.clothgraph.cloth.PlaceGarmentOperation;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.RemoveGarmentOperation;
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
        option(Option.value("up", "auto|y|z", "import: the file's up axis (default auto: the axis the garment's openings"
                + " face along; ARCSim files are z)"));
        option(Option.value("unit", "auto|m|cm|mm|in", "import: the file's length unit (default auto: m, cm or mm, whichever"
                + " makes the garment about the character's size)"));
        option(Option.value("weld-seams", "auto|MM", "import: weld the panels' unjoined seams (vertices of different panels"
                + " closer than MM millimetres; auto: 40 % of the shortest edge); without it they are only reported (auto)"));
        option(Option.value("arms-down", "auto|DEG", "import: the arm angle the garment was modelled in, degrees below"
                + " horizontal (default auto: read from its sleeves' upper contour; 0 for a T-pose)"));
        option(Option.flag("no-fit", "import: keep the file's position (only unit and up axis converted)"));
        option(Option.value("offset", "X,Y,Z", "place: move the garment from its fitted place (metres)"));
        option(Option.value("scale", "S", "place: scale it about its fitted centre (default 1)"));
        option(Option.value("yaw", "DEG", "place: turn it about the vertical through its fitted centre (degrees)"));
        option(Option.value("vertices", "N", "robe/outfit: target vertex count (default " + Garments.DEFAULT_ROBE_VERTICES + ")"));
        option(Option.flag("open-front", "robe: the robe open at the front, with each sleeve's armhole as a feature loop"
                + " (what dress --task sleeve puts an arm into)"));
    }

    @Override
    public boolean takesPositionals() {
        return true;
    }

    @Override
    protected String usage() {
        return "list --workspace DIR [--json] | features --workspace DIR [--name NAME] [--json] | import --workspace DIR --name NAME [--material F] [--up auto|y|z]"
                + " [--unit auto|m|cm|mm|in] [--weld-seams auto|MM] [--arms-down auto|DEG] [--no-fit] MESH.obj [WORLD.obj] | place --workspace DIR --name"
                + " NAME [--offset X,Y,Z] [--scale S] [--yaw DEG] | robe|outfit --workspace DIR [--name NAME] [--vertices N] [--open-front] | remove --workspace DIR --name NAME";
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
            case "place" -> place(project, args, files, out);
            case "remove" -> {
                if (!files.isEmpty()) {
                    throw new UsageException("remove takes no file arguments (--name NAME)");
                }
                String name = args.value("name").orElseThrow(() -> new UsageException("remove needs --name NAME"));
                GarmentInfo g = ProjectGarments.find(project, name);
                if (g == null) {
                    throw new InvalidInputException(project.folder().toString(), "--name", "no garment named '" + name + "'");
                }
                new RemoveGarmentOperation(project, g).executeNow(); // the Cloth Preview's Remove Garment
                out.printf("removed garment %s%n", name);
            }
            default -> throw new UsageException("unknown subcommand '" + sub + "' (list, features, import, place, robe, outfit, remove)");
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
        String up = args.value("up").orElse("auto").toLowerCase(Locale.ROOT);
        if (!List.of("auto", "y", "z").contains(up)) {
            throw new UsageException("--up must be auto, y or z");
        }
        String unit = args.value("unit").orElse("auto").toLowerCase(Locale.ROOT);
        if (!List.of("auto", "m", "cm", "mm", "in").contains(unit)) {
            throw new UsageException("--unit must be auto, m, cm, mm or in");
        }
        boolean weld = args.value("weld-seams").isPresent();
        double toleranceMm = !weld || args.value("weld-seams").get().equals("auto") ? Double.NaN
                : args.doubleValue("weld-seams", 1, 1e-3, 100);
        Path first = Path.of(files.get(0)).toAbsolutePath().normalize();
        // read as stored (Y up); the up axis is detected or applied by the fit
        ClothMesh mesh = files.size() == 1 ? ObjGarmentReader.readArcsim(first, Axes.Y_UP).mesh()
                : ObjGarmentReader.readBerkeley(first, Path.of(files.get(1)).toAbsolutePath().normalize(), Axes.Y_UP).mesh();
        Material material = args.value("material").map(m -> ArcsimMaterialReader.read(Path.of(m).toAbsolutePath()))
                .orElse(Material.defaults());
        if (ProjectGarments.find(project, name) != null) {
            throw new InvalidInputException(project.folder().toString(), "--name", "a garment named '" + name + "' exists");
        }
        ProjectGarments.Imported imported = ProjectGarments.importGarment(project, name, mesh, material,
                new GarmentFit.Options(unit, up, !args.flag("no-fit"), args.value("arms-down").orElse("auto").equals("auto")
                        ? Double.NaN : args.doubleValue("arms-down", 0, 0, 80)), toleranceMm / 1000, weld);
        GarmentInfo g = imported.garment();
        GarmentPlacement p = imported.placement();
        if (args.flag("json")) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", g.name());
            m.put("vertices", g.vertexCount());
            m.put("material", material.name());
            m.put("placement", p);
            JsonOutput.print(out, m);
            return;
        }
        out.println("imported " + g.name() + ": " + g.vertexCount() + " vertices, material " + material.name());
        out.print(describe(p));
    }

    /** The placement in lines: unit, up axis, fit, seams, vertices inside the body at rest, feature loops. */
    static String describe(GarmentPlacement p) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "  unit %s (%s m per unit), up %s (%s)%n", p.unit(),
                java.math.BigDecimal.valueOf(p.metresPerUnit()).stripTrailingZeros().toPlainString(), p.up(),
                p.upReason()));
        b.append(String.format(Locale.ROOT, "  fit: %s; moved (%.3f, %.3f, %.3f) m%s%n", p.anchor(), p.fitOffset()[0],
                p.fitOffset()[1], p.fitOffset()[2], p.reposed() ? String.format(Locale.ROOT,
                        ", re-posed from %.0f to %.0f degrees below horizontal", p.sleeveDownDegrees(),
                        FittingPose.ARM_DOWN_DEGREES) : ""));
        GarmentPlacement.Adjustment a = p.adjustment();
        if (!a.isIdentity()) {
            b.append(String.format(Locale.ROOT, "  adjusted: offset (%.3f, %.3f, %.3f) m, scale %.3f, yaw %.1f degrees%n",
                    a.offset()[0], a.offset()[1], a.offset()[2], a.scale(), a.yawDegrees()));
        }
        GarmentPlacement.Seams s = p.seams();
        b.append(String.format(Locale.ROOT, "  seams: %d panels, %d vertices on unjoined seams (within %.3g mm)%s%n",
                s.panels(), s.seamVertices(), s.toleranceMm(), s.welded() > 0 ? ", welded: " + s.welded()
                        + " vertices joined into others" : s.weldable() > 0 ? "; --weld-seams auto"
                                + " would join " + s.weldable() + " vertices into others" : ""));
        b.append(String.format(Locale.ROOT, "  %d vertices inside the character's body at rest%n", p.insideAtRest()));
        b.append("  feature loops: ").append(String.join(", ", p.features().stream().map(GarmentPlacement.Feature::name)
                .toList())).append(System.lineSeparator());
        return b.toString();
    }

    /** place: the Cloth Preview's placement controls (the same undoable PlaceGarmentOperation). */
    private static void place(Project project, Args args, List<String> files, PrintStream out) {
        if (!files.isEmpty()) {
            throw new UsageException("place takes no file arguments (--name NAME)");
        }
        String name = args.required("name");
        GarmentPlacement p = ProjectGarments.placement(project, name);
        if (p == null) {
            throw new InvalidInputException(project.folder().toString(), "--name", ProjectGarments.find(project, name) == null
                    ? "no garment named '" + name + "'" : "garment '" + name + "' was not imported and has no placement");
        }
        double[] offset = p.adjustment().offset();
        if (args.value("offset").isPresent()) {
            String[] parts = args.value("offset").get().split(",");
            if (parts.length != 3) {
                throw new UsageException("--offset needs X,Y,Z in metres");
            }
            offset = new double[3];
            for (int k = 0; k < 3; k++) {
                try {
                    offset[k] = Double.parseDouble(parts[k].strip());
                } catch (NumberFormatException e) {
                    throw new UsageException("--offset needs X,Y,Z in metres (got '" + args.value("offset").get() + "')");
                }
            }
        }
        GarmentPlacement.Adjustment to = p.adjustment().with(offset,
                args.doubleValue("scale", p.adjustment().scale(), 0.05, 20),
                args.doubleValue("yaw", p.adjustment().yawDegrees(), -360, 360));
        new PlaceGarmentOperation(project, name, to).executeNow();
        out.println("placed " + name + ":");
        out.print(describe(ProjectGarments.placement(project, name)));
    }

    private static void generate(Project project, Args args, String kind, List<String> files, PrintStream out) {
        if (!files.isEmpty()) {
            throw new UsageException(kind + " takes no files");
        }
        int vertices = args.intValue("vertices", Garments.DEFAULT_ROBE_VERTICES, 100, 200_000);
        String name = args.value("name").orElse(args.flag("open-front") ? "open-front robe " + vertices
                : kind.equals("robe") ? ProjectGarments.ROBE + " " + vertices
                : ProjectGarments.CASUAL + " " + vertices);
        if (ProjectGarments.find(project, name) != null) {
            throw new InvalidInputException(project.folder().toString(), "--name", "a garment named '" + name + "' exists");
        }
        boolean open = args.flag("open-front");
        if (open && !kind.equals("robe")) {
            throw new UsageException("--open-front is for robe");
        }
        ClothMesh mesh = open ? Garments.openFrontRobe(ProjectGarments.restBody(project), vertices)
                : kind.equals("robe") ? Garments.hoodedRobe(ProjectGarments.restBody(project), vertices)
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
