package org.clothgraph.retarget;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The comparison of the issue, per clip and target: the learned method, the copy-rotation baseline and the IK
 * foot-locking baseline side by side (and the source on its own skeleton), with {@link RetargetMeasures}; when the
 * settings have the foot-contact stage, the learned result before it ({@link #BEFORE_STAGE}) too, with its own
 * acceptance and summary; with
 * {@code roundTrip} each method also retargets its result back onto the performer, and the joint-position error of
 * that against the held-out clip itself (a reference none of the methods produced) is reported.
 */
public final class RetargetReport {
    /** The report's name for the learned method's result before the foot-contact stage (the optimisation's output). */
    public static final String BEFORE_STAGE = "learnedBeforeStage";

    private RetargetReport() {
    }

    public static Map<String, Object> run(RetargetModel model, List<Motion> clips, Map<String, Skeleton> targets,
            RetargetSettings settings, boolean roundTrip, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Retarget report", clips.size() * targets.size());
        double fps = model.record().settings().fps();
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, Integer> sum = new LinkedHashMap<>(), sumBefore = new LinkedHashMap<>();
        for (Motion clip : clips) {
            Motion src = clip.resample(fps);
            for (Map.Entry<String, Skeleton> t : targets.entrySet()) {
                sub.subTask(clip.name() + " onto " + t.getKey());
                Skeleton target = t.getValue();
                LatentRetargeting.Result learned = LatentRetargeting.retarget(model, src, target, settings, sub.split(1));
                Motion copy = CopyRotations.retarget(src, target);
                Motion ik = FootLockingIk.retarget(src, target);
                Map<String, Object> methods = new LinkedHashMap<>();
                methods.put("source", RetargetMeasures.of(src, src, null));
                RetargetMeasures ml = measure(model, learned.motion(), src, roundTrip ? back(model, learned.motion(),
                        src.skeleton(), settings) : null);
                RetargetMeasures mc = measure(model, copy, src, roundTrip ? CopyRotations.retarget(copy, src.skeleton()) : null);
                RetargetMeasures mi = measure(model, ik, src, roundTrip ? FootLockingIk.retarget(ik, src.skeleton()) : null);
                methods.put("learned", ml);
                RetargetMeasures mb = settings.contactStage() ? RetargetMeasures.of(learned.decoded(), src, null) : null;
                if (mb != null) methods.put(BEFORE_STAGE, mb);
                methods.put("copy", mc);
                methods.put("ik", mi);
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("clip", clip.name());
                row.put("target", t.getKey());
                row.put("frames", src.frameCount());
                row.put("seconds", src.duration());
                row.put("methods", methods);
                Map<String, Object> opt = new LinkedHashMap<>();
                opt.put("windows", learned.windows());
                opt.put("iterations", learned.iterations());
                opt.put("angleLossStart", learned.angleLossStart());
                opt.put("contactLossStart", learned.footLossStart());
                opt.put("angleLoss", learned.angleLoss());
                opt.put("contactLoss", learned.footLoss());
                opt.put("smoothnessLossStart", Double.isNaN(learned.smoothLossStart()) ? null : learned.smoothLossStart());
                opt.put("smoothnessLoss", Double.isNaN(learned.smoothLoss()) ? null : learned.smoothLoss());
                opt.put("retargetSeconds", learned.seconds());
                row.put("learnedOptimisation", opt);
                Map<String, Boolean> acc = acceptance(ml, mc);
                row.put("acceptance", acc);
                add(sum, acc);
                if (mb != null) {
                    Map<String, Boolean> accB = acceptance(mb, mc);
                    row.put("acceptanceBeforeStage", accB);
                    add(sumBefore, accB);
                }
                rows.add(row);
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model", model.describe());
        out.put("retargetSettings", settings);
        out.put("roundTripReference", roundTrip ? "each method's result retargeted back onto the performer by the same"
                + " method, compared with the held-out clip on the performer's own skeleton (joint positions)" : null);
        out.put("rows", rows);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("cases", rows.size());
        summary.putAll(sum);
        out.put("summary", summary);
        if (!sumBefore.isEmpty()) {
            Map<String, Object> before = new LinkedHashMap<>();
            before.put("cases", rows.size());
            before.putAll(sumBefore);
            out.put("summaryBeforeStage", before);
        }
        return out;
    }

    /**
     * Acceptance 1 of issue 13 for one case: the learned result beats the copy on ground penetration (mean over frames,
     * or neither penetrates), is no worse on foot slide, keeps the angle deviation under 5 degrees and is at least as
     * smooth.
     */
    static Map<String, Boolean> acceptance(RetargetMeasures learned, RetargetMeasures copy) {
        Map<String, Boolean> acc = new LinkedHashMap<>();
        acc.put("penetrationBeatsCopy", learned.penetrationMeanMm() < copy.penetrationMeanMm()
                || (copy.penetrationMaxMm() == 0 && learned.penetrationMaxMm() == 0));
        acc.put("slideNoWorseThanCopy", learned.footSlideMm() <= copy.footSlideMm());
        acc.put("angleDeviationUnder5Deg", learned.angleDeviationDeg() < 5);
        acc.put("atLeastAsSmoothAsCopy", learned.jitterMm() <= copy.jitterMm());
        return acc;
    }

    private static void add(Map<String, Integer> sum, Map<String, Boolean> acc) {
        for (Map.Entry<String, Boolean> e : acc.entrySet()) sum.merge(e.getKey(), e.getValue() ? 1 : 0, Integer::sum);
    }

    private static RetargetMeasures measure(RetargetModel model, Motion m, Motion src, Motion back) {
        RetargetMeasures r = RetargetMeasures.of(m, src, null);
        if (back == null) return r;
        RetargetMeasures rb = RetargetMeasures.of(back, src, src);
        return new RetargetMeasures(r.penetrationMaxMm(), r.penetrationMeanMm(), r.footSlideMm(), r.angleDeviationDeg(),
                r.jitterMm(), rb.jointPositionMseCm2(), r.travelInSourceContactsMm());
    }

    private static Motion back(RetargetModel model, Motion m, Skeleton performer, RetargetSettings settings) {
        return LatentRetargeting.retarget(model, m, performer, settings, null).motion();
    }

    /** The report as JSON text. */
    public static String json(Map<String, Object> report) {
        return RetargetModel.gson().newBuilder().setPrettyPrinting().create().toJson(report);
    }
}
