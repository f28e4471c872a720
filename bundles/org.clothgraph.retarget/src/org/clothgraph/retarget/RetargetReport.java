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
 * foot-locking baseline side by side (and the source on its own skeleton), with {@link RetargetMeasures}; with
 * {@code roundTrip} each method also retargets its result back onto the performer, and the joint-position error of
 * that against the held-out clip itself (a reference none of the methods produced) is reported.
 */
public final class RetargetReport {
    private RetargetReport() {
    }

    public static Map<String, Object> run(RetargetModel model, List<Motion> clips, Map<String, Skeleton> targets,
            RetargetSettings settings, boolean roundTrip, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Retarget report", clips.size() * targets.size());
        double fps = model.record().settings().fps();
        List<Map<String, Object>> rows = new ArrayList<>();
        int beatsPen = 0, slideOk = 0, angleOk = 0, smoothOk = 0;
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
                Map<String, Object> acc = new LinkedHashMap<>();
                boolean pen = ml.penetrationMeanMm() < mc.penetrationMeanMm()
                        || (mc.penetrationMaxMm() == 0 && ml.penetrationMaxMm() == 0);
                boolean slide = ml.footSlideMm() <= mc.footSlideMm();
                boolean angle = ml.angleDeviationDeg() < 5;
                boolean smooth = ml.jitterMm() <= mc.jitterMm();
                acc.put("penetrationBeatsCopy", pen);
                acc.put("slideNoWorseThanCopy", slide);
                acc.put("angleDeviationUnder5Deg", angle);
                acc.put("atLeastAsSmoothAsCopy", smooth);
                row.put("acceptance", acc);
                beatsPen += pen ? 1 : 0;
                slideOk += slide ? 1 : 0;
                angleOk += angle ? 1 : 0;
                smoothOk += smooth ? 1 : 0;
                rows.add(row);
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model", model.describe());
        out.put("retargetSettings", settings);
        out.put("roundTripReference", roundTrip ? "each method's result retargeted back onto the performer by the same"
                + " method, compared with the held-out clip on the performer's own skeleton (joint positions)" : null);
        out.put("rows", rows);
        Map<String, Object> sum = new LinkedHashMap<>();
        sum.put("cases", rows.size());
        sum.put("penetrationBeatsCopy", beatsPen);
        sum.put("slideNoWorseThanCopy", slideOk);
        sum.put("angleDeviationUnder5Deg", angleOk);
        sum.put("atLeastAsSmoothAsCopy", smoothOk);
        out.put("summary", sum);
        return out;
    }

    private static RetargetMeasures measure(RetargetModel model, Motion m, Motion src, Motion back) {
        RetargetMeasures r = RetargetMeasures.of(m, src, null);
        if (back == null) return r;
        RetargetMeasures rb = RetargetMeasures.of(back, src, src);
        return new RetargetMeasures(r.penetrationMaxMm(), r.penetrationMeanMm(), r.footSlideMm(), r.angleDeviationDeg(),
                r.jitterMm(), rb.jointPositionMseCm2());
    }

    private static Motion back(RetargetModel model, Motion m, Skeleton performer, RetargetSettings settings) {
        return LatentRetargeting.retarget(model, m, performer, settings, null).motion();
    }

    /** The report as JSON text. */
    public static String json(Map<String, Object> report) {
        return RetargetModel.gson().newBuilder().setPrettyPrinting().create().toJson(report);
    }
}
