package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.retarget.CanonicalSkeleton;
import org.clothgraph.retarget.CopyRotations;
import org.clothgraph.retarget.FootLockingIk;
import org.clothgraph.retarget.LatentRetargeting;
import org.clothgraph.retarget.Performer;
import org.clothgraph.retarget.ProjectRetargeting;
import org.clothgraph.retarget.RetargetMeasures;
import org.clothgraph.retarget.RetargetModel;
import org.clothgraph.retarget.RetargetReport;
import org.clothgraph.retarget.RetargetSettings;
import org.clothgraph.retarget.TrainingSettings;

/** {@code motion train} and {@code motion retarget}: the learned retargeting (issue 13) from the command line. */
final class MotionRetargeting {
    private MotionRetargeting() {
    }

    static void options(Command c) {
        c.option(Option.value("steps", "N", "train: Adam steps (default " + TrainingSettings.DEFAULT.steps() + ")"));
        c.option(Option.value("minutes", "M", "train: stop after M minutes even before N steps (default "
                + TrainingSettings.DEFAULT.maxMinutes() + ")"));
        c.option(Option.value("seed", "S", "train: random seed of weights and batches (default " + TrainingSettings.DEFAULT.seed() + ")"));
        c.option(Option.value("held-out", "A,B", "train: clips (file names without extension) kept out of training"));
        c.option(Option.value("hidden", "H", "train: encoder hidden units (default " + TrainingSettings.DEFAULT.hidden() + ")"));
        c.option(Option.value("decoder-hidden", "H", "train: ReLU units of a hidden decoder layer, 0 = the published single"
                + " layer (default " + TrainingSettings.DEFAULT.decoderHidden() + ")"));
        c.option(Option.value("latent", "L", "train: latent size (default " + TrainingSettings.DEFAULT.latent() + ")"));
        c.option(Option.value("window", "F", "train: window frames at 60 fps (default " + TrainingSettings.DEFAULT.frames() + ")"));
        c.option(Option.value("initial", "first-frame|source", "train: the rotations the decoded updates apply to: the"
                + " window's first frame (default) or each frame's source rotation"));
        c.option(Option.value("stride", "F", "train: frames between training windows (default " + TrainingSettings.DEFAULT.stride() + ")"));
        c.option(Option.flag("report", "retarget: the measures of learned, copy and IK retargeting of the model's held-out"
                + " clips onto the targets"));
        c.option(Option.value("targets", "T,...", "retarget: demo, legs-20, arms+15, child (default all)"));
        c.option(Option.value("target", "T", "retarget FILES: the target skeleton (default: demo)"));
        c.option(Option.value("method", "learned|copy|ik", "retarget FILES: the method (default learned)"));
        c.option(Option.value("out", "DIR", "retarget FILES: write the results as BVH into DIR"));
        c.option(Option.flag("round-trip", "retarget --report: also retarget back onto the performer and report the"
                + " joint-position error against the held-out clip"));
        c.option(Option.value("lambda-angle", "W", "retarget/import: weight of the angle loss (default 0.3)"));
        c.option(Option.value("lambda-foot", "W", "retarget/import: weight of the ground-contact loss (default 0.5)"));
        c.option(Option.value("lambda-smooth", "W", "retarget/import: weight of the smoothness loss per mm^2 (default "
                + RetargetSettings.DEFAULT.lambdaSmooth() + "; the first build: --code-path key-offsets --key-spacing 10"
                + " --lambda-smooth 0 --learning-rate 0.01 --window-stride 120)"));
        c.option(Option.value("lambda-skate", "W", "retarget/import: weight of the skating loss per mm^2: horizontal travel of"
                + " the foot points where the copy baseline's are in contact (default " + RetargetSettings.DEFAULT.lambdaSkate() + ")"));
        c.option(Option.value("learning-rate", "R", "retarget/import: Adam's learning rate on the latent codes (default "
                + RetargetSettings.DEFAULT.learningRate() + ")"));
        c.option(Option.value("key-spacing", "F", "retarget/import: frames between the B-spline's knots (spline) or between"
                + " the key frames whose latent offsets are optimised (key-offsets), 1 = every frame (default " + RetargetSettings.DEFAULT.keySpacing() + ")"));
        c.option(Option.value("code-path", "spline|key-offsets", "retarget/import: the latent codes over a window as a cubic"
                + " B-spline with knots every --key-spacing frames, or offsets at key frames added to the encoder's codes"
                + " (default " + (RetargetSettings.DEFAULT.codePath() == RetargetSettings.CodePath.SPLINE ? "spline" : "key-offsets")
                + ")"));
        c.option(Option.value("window-stride", "F", "retarget/import: frames between the starts of the clip's 120-frame windows;"
                + " under 120 the windows overlap and are joined by overlap-add inside the objective (default "
                + RetargetSettings.DEFAULT.stride() + ")"));
        c.option(Option.value("loss-threshold", "X", "retarget/import: stop the latent optimisation under this loss (default "
                + RetargetSettings.DEFAULT.threshold() + ")"));
        c.option(Option.value("iterations", "N", "retarget/import: most Adam iterations on the latent codes (default "
                + RetargetSettings.DEFAULT.maxIterations() + ")"));
        c.option(Option.value("contact-stage", "on|off", "retarget/import: after the latent optimisation, hold the feet still"
                + " in their contact frames by the legs' IK (not in the published method; off = the optimisation's"
                + " decoded motion) (default " + (RetargetSettings.DEFAULT.contactStage() ? "on" : "off") + ")"));
        c.option(Option.value("contact-ease", "F", "retarget/import: frames over which the foot-contact stage's correction"
                + " fades between contacts, 1-" + RetargetSettings.MAX_CONTACT_EASE + " (default " + RetargetSettings.DEFAULT.contactEase() + ")"));
    }

    static RetargetSettings retargetSettings(Args a) {
        RetargetSettings d = RetargetSettings.DEFAULT;
        return new RetargetSettings(a.doubleValue("lambda-angle", d.lambdaAngle(), 0, 1e6),
                a.doubleValue("lambda-foot", d.lambdaFoot(), 0, 1e6), a.doubleValue("lambda-smooth", d.lambdaSmooth(), 0, 1e9),
                a.doubleValue("loss-threshold", d.threshold(), 0, 1e6), a.intValue("iterations", d.maxIterations(), 0, 100000),
                a.doubleValue("learning-rate", d.learningRate(), 1e-6, 10), a.doubleValue("learning-rate", d.finalLearningRate(),
                        1e-6, 10), a.intValue("window-stride", d.stride(), 1, 1000), a.intValue("key-spacing", d.keySpacing(), 1, 1000),
                switch (a.value("code-path").orElse(d.codePath() == RetargetSettings.CodePath.SPLINE ? "spline" : "key-offsets")) {
                    case "spline" -> RetargetSettings.CodePath.SPLINE;
                    case "key-offsets" -> RetargetSettings.CodePath.KEY_OFFSETS;
                    default -> throw new UsageException("--code-path must be spline or key-offsets");
                }, a.doubleValue("lambda-skate", d.lambdaSkate(), 0, 1e9),
                switch (a.value("contact-stage").orElse(d.contactStage() ? "on" : "off")) {
                    case "on" -> true;
                    case "off" -> false;
                    default -> throw new UsageException("--contact-stage must be on or off (got '" + a.value("contact-stage").get() + "')");
                }, a.intValue("contact-ease", d.contactEase(), 1, RetargetSettings.MAX_CONTACT_EASE));
    }

    static int train(Project project, Args a, List<String> files, PrintStream out, PrintStream err) {
        if (files.isEmpty()) throw new UsageException("name the performer's files (an .asf and its .amc files, .bvh files, or a folder)");
        List<Path> paths = new ArrayList<>();
        for (String f : files) {
            Path p = Path.of(f).toAbsolutePath().normalize();
            paths.addAll(Files.isDirectory(p) ? Performer.asfAmcFolder(p) : List.of(p));
        }
        TrainingSettings d = TrainingSettings.DEFAULT;
        TrainingSettings s = new TrainingSettings(a.intValue("window", d.frames(), 4, 1000), d.fps(),
                a.intValue("stride", d.stride(), 1, 1000), a.intValue("hidden", d.hidden(), 1, 8192),
                a.intValue("latent", d.latent(), 1, 4096), d.batch(), d.learningRate(), a.intValue("steps", d.steps(), 1, 10_000_000),
                a.doubleValue("minutes", d.maxMinutes(), 1e-3, 1e6), a.intValue("seed", (int) d.seed(), 0, Integer.MAX_VALUE),
                switch (a.value("initial").orElse("first-frame")) {
                    case "first-frame" -> TrainingSettings.Initial.FIRST_FRAME;
                    case "source" -> TrainingSettings.Initial.SOURCE;
                    default -> throw new UsageException("--initial must be first-frame or source");
                }, a.intValue("decoder-hidden", d.decoderHidden(), 0, 8192));
        List<String> held = a.value("held-out").map(v -> List.of(v.split(","))).orElse(List.of());
        boolean json = a.flag("json");
        RetargetModel model = ProjectRetargeting.train(project, paths, held, s, p -> {
            if (!json) out.printf(Locale.ROOT, "step %d: training loss %.5f, held-out loss %.5f%n", p.step(), p.trainLoss(), p.heldOutLoss());
        }, new ConsoleProgressMonitor(err).cancelOnShutdown());
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>(model.describe());
            m.put("file", ProjectRetargeting.MODEL_FILE);
            m.put("loadAverage", loadAverage());
            out.println(RetargetReport.json(m));
        } else {
            RetargetModel.Record r = model.record();
            out.printf(Locale.ROOT, "trained %d steps in %.0f s%s on %d windows of %s; held-out (%s) reconstruction error"
                    + " %.2f deg (training windows %.2f deg); seed %d; stored in %s%n", r.stepsMade(), r.seconds(),
                    r.stoppedByTimeLimit() ? " (time limit)" : "", r.trainWindows(), String.join(",", r.trainClips()),
                    String.join(",", r.heldOutClips()), r.heldOutAngleDeg(), r.trainAngleDeg(), s.seed(), ProjectRetargeting.MODEL_FILE);
        }
        return 0;
    }

    static int retarget(Project project, Args a, List<String> files, PrintStream out, PrintStream err) {
        RetargetModel model = ProjectRetargeting.load(project);
        RetargetSettings rs = retargetSettings(a);
        if (a.flag("report")) {
            if (!files.isEmpty()) throw new UsageException("--report measures the model's held-out clips; it takes no files");
            Map<String, Skeleton> targets = new LinkedHashMap<>();
            for (String t : a.value("targets").orElse(String.join(",", CanonicalSkeleton.targets().keySet())).split(",")) {
                targets.put(t, CanonicalSkeleton.target(t));
            }
            List<Motion> clips = ProjectRetargeting.heldOutClips(model);
            if (clips.isEmpty()) throw new InvalidInputException(ProjectRetargeting.MODEL_FILE, "heldOutClips",
                    "the model holds no clip out: train with --held-out");
            Map<String, Object> r = RetargetReport.run(model, clips, targets, rs, a.flag("round-trip"),
                    new ConsoleProgressMonitor(err).cancelOnShutdown());
            r.put("loadAverage", loadAverage());
            if (a.flag("json")) {
                out.println(RetargetReport.json(r));
            } else {
                printReport(r, out);
            }
            return 0;
        }
        if (files.isEmpty()) throw new UsageException("name the clips to retarget, or --report");
        List<Path> paths = new ArrayList<>();
        files.forEach(f -> paths.add(Path.of(f).toAbsolutePath().normalize()));
        Skeleton target = CanonicalSkeleton.target(a.value("target").orElse("demo"));
        String method = a.value("method").orElse("learned");
        if (!List.of("learned", "copy", "ik").contains(method)) throw new UsageException("--method must be learned, copy or ik");
        Performer p = Performer.read(paths, model.record().settings().fps(), null);
        Path outDir = a.value("out").map(Path::of).orElse(null);
        List<Map<String, Object>> rows = new ArrayList<>();
        ConsoleProgressMonitor monitor = new ConsoleProgressMonitor(err).cancelOnShutdown();
        for (Motion src : p.clips()) {
            long t0 = System.nanoTime();
            Map<String, Object> row = new LinkedHashMap<>();
            Motion result;
            if (method.equals("learned")) {
                LatentRetargeting.Result r = LatentRetargeting.retarget(model, src, target, rs, monitor);
                result = r.motion();
                if (rs.contactStage()) row.put("measuresBeforeStage", RetargetMeasures.of(r.decoded(), src, null));
                row.put("windows", r.windows());
                row.put("iterations", r.iterations());
                row.put("angleLossStart", r.angleLossStart());
                row.put("contactLossStart", r.footLossStart());
                row.put("angleLoss", r.angleLoss());
                row.put("contactLoss", r.footLoss());
                row.put("smoothnessLossStart", Double.isNaN(r.smoothLossStart()) ? null : r.smoothLossStart());
                row.put("smoothnessLoss", Double.isNaN(r.smoothLoss()) ? null : r.smoothLoss());
            } else {
                result = method.equals("copy") ? CopyRotations.retarget(src, target) : FootLockingIk.retarget(src, target);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            row.put("clip", src.name());
            row.put("clipSeconds", src.duration());
            row.put("retargetSeconds", seconds);
            row.put("measures", RetargetMeasures.of(result, src, null));
            if (outDir != null) {
                try {
                    Files.createDirectories(outDir);
                    Path f = outDir.resolve(src.name() + "-" + method + ".bvh");
                    BvhWriter.write(result, f);
                    row.put("file", f.toString());
                } catch (java.io.IOException e) {
                    throw new InvalidInputException(outDir, null, "cannot write: " + e.getMessage());
                }
            }
            rows.add(row);
            if (!a.flag("json")) {
                RetargetMeasures m = (RetargetMeasures) row.get("measures");
                out.printf(Locale.ROOT, "%s (%.1f s) -> %s by %s in %.1f s: penetration max %.1f mm, slide %.0f mm, angle"
                        + " deviation %.2f deg, jitter %.3f mm%n", src.name(), src.duration(), a.value("target").orElse("demo"),
                        method, seconds, m.penetrationMaxMm(), m.footSlideMm(), m.angleDeviationDeg(), m.jitterMm());
            }
        }
        if (a.flag("json")) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("method", method);
            m.put("target", a.value("target").orElse("demo"));
            m.put("settings", rs);
            m.put("clips", rows);
            m.put("loadAverage", loadAverage());
            out.println(RetargetReport.json(m));
        }
        return 0;
    }

    @SuppressWarnings("unchecked")
    private static void printReport(Map<String, Object> r, PrintStream out) {
        out.printf("%-8s %-8s %-18s %9s %9s %9s %8s %8s%n", "clip", "target", "method", "penMaxMm", "penMeanMm", "slideMm",
                "angleDeg", "jitterMm");
        for (Map<String, Object> row : (List<Map<String, Object>>) r.get("rows")) {
            for (Map.Entry<String, Object> e : ((Map<String, Object>) row.get("methods")).entrySet()) {
                RetargetMeasures m = (RetargetMeasures) e.getValue();
                out.printf(Locale.ROOT, "%-8s %-8s %-18s %9.1f %9.2f %9.0f %8.2f %8.3f%n", row.get("clip"), row.get("target"),
                        e.getKey(), m.penetrationMaxMm(), m.penetrationMeanMm(), m.footSlideMm(), m.angleDeviationDeg(),
                        m.jitterMm());
            }
        }
        out.println("summary " + r.get("summary"));
        if (r.get("summaryBeforeStage") != null) out.println("summary before the foot-contact stage " + r.get("summaryBeforeStage"));
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
