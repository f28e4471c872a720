package org.clothgraph.cloth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.frames.ClothFrame;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.clothgraph.sim.garment.HoodStateClassifier.Decision;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * How clearly the hood classifier decided each frame of a stored run: the class, its margin and the deciding
 * criterion ({@link HoodStateClassifier#decide}), against the posed capsules of the frame's instant, as the run
 * classified it. The summary gives the runs of frames per class and, per class, the narrowest decision.
 *
 * @param runId  the run
 * @param frames the measured frames' indices in the run
 * @param hood   the decision of each
 */
public record HoodDecisions(String runId, List<Integer> frames, List<Decision> hood) {

    public HoodDecisions {
        frames = List.copyOf(frames);
        hood = List.copyOf(hood);
    }

    /** The decisions of every {@code every}-th frame of a run of a garment with a "hood" group; null without one. */
    public static HoodDecisions of(Project project, ClothRun.Report run, int every, IProgressMonitor monitor) {
        GarmentInfo garment = ProjectGarments.find(project, run.garment());
        if (garment == null) {
            throw new InvalidInputException(project.folder().toString(), "run " + run.runId(),
                    "its garment '" + run.garment() + "' is gone");
        }
        ClothMesh mesh = ProjectGarments.mesh(project, garment);
        if (!mesh.vertexGroups().containsKey("hood")) {
            return null;
        }
        HoodStateClassifier classifier = new HoodStateClassifier(mesh);
        org.clothgraph.motion.Motion motion = RunMotion.of(project, run);
        CharacterBodyMotion body = new CharacterBodyMotion(CharacterBody.of(motion.skeleton()), motion);
        List<Integer> frames = RunMeasures.sample(run.frames(), every);
        SubMonitor sub = SubMonitor.convert(monitor, "Classifying " + run.runId(), frames.size());
        List<Decision> out = new ArrayList<>();
        for (int f : frames) {
            ClothFrame s = project.frames().read(run.firstFrameId() + f);
            out.add(classifier.decide(new ClothState(s.positions(), s.velocities()),
                    body.frame(Math.min(f, body.frameCount() - 1))));
            sub.split(1);
        }
        return new HoodDecisions(run.runId(), frames, out);
    }

    /** The narrowest decision of a class, or -1 when no frame has that class: the index into the lists. */
    public int narrowest(String hoodClass) {
        int best = -1;
        for (int i = 0; i < hood.size(); i++) {
            if (hood.get(i).hoodClass().equals(hoodClass)
                    && (best < 0 || hood.get(i).margin() < hood.get(best).margin())) {
                best = i;
            }
        }
        return best;
    }

    /** "UP 0-21, DOWN 22-27, UP 28-181": the measured frames' classes as runs (by frame index). */
    public String classRuns() {
        StringBuilder b = new StringBuilder();
        int start = 0;
        for (int i = 1; i <= hood.size(); i++) {
            if (i == hood.size() || !hood.get(i).hoodClass().equals(hood.get(start).hoodClass())) {
                b.append(b.length() == 0 ? "" : ", ").append(hood.get(start).hoodClass()).append(' ')
                        .append(frames.get(start));
                if (i - 1 > start) {
                    b.append('-').append(frames.get(i - 1));
                }
                start = i;
            }
        }
        return b.toString();
    }

    /** Two lines: the class runs, and the narrowest decision of each class present. */
    public String summary() {
        StringBuilder b = new StringBuilder("hood: ").append(classRuns()).append('\n').append("hood margins:");
        for (String c : List.of(HoodStateClassifier.UP, HoodStateClassifier.DOWN)) {
            int i = narrowest(c);
            if (i >= 0) {
                Decision d = hood.get(i);
                b.append(String.format(Locale.ROOT, " %s at least %.2f (frame %d: %s);", c, d.margin(), frames.get(i),
                        describe(d)));
            }
        }
        return b.toString();
    }

    /** "margin 0.57: head distance 51 mm (UP: at most 120 mm)": a decision's margin and deciding criterion. */
    public static String describe(Decision d) {
        boolean atMost = d.criterion().equals("head distance");
        return String.format(Locale.ROOT, "margin %.2f: %s %s (UP: at %s %s)", d.margin(), d.criterion(),
                value(d.criterion(), d.value()), atMost ? "most" : "least", value(d.criterion(), d.threshold()));
    }

    /** A criterion's value as a person reads it: the head distance in mm, the fractions as they are. */
    private static String value(String criterion, double v) {
        return criterion.equals("head distance") ? String.format(Locale.ROOT, "%.0f mm", 1000 * v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    /** {"runs": ..., "perFrame": [{"frame", "class", "margin", "criterion", "value"}]}; the head distance in mm. */
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("runs", classRuns());
        JsonArray per = new JsonArray();
        for (int i = 0; i < hood.size(); i++) {
            Decision d = hood.get(i);
            JsonObject f = new JsonObject();
            f.addProperty("frame", frames.get(i));
            f.addProperty("class", d.hoodClass());
            f.addProperty("margin", d.margin());
            f.addProperty("criterion", d.criterion());
            f.addProperty(d.criterion().equals("head distance") ? "valueMm" : "value",
                    d.criterion().equals("head distance") ? 1000 * d.value() : d.value());
            per.add(f);
        }
        o.add("perFrame", per);
        return o;
    }
}
