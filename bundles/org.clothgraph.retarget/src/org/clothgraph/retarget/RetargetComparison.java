package org.clothgraph.retarget;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * One clip of the performer retargeted onto one target by the learned method beside the copy-rotation baseline, with
 * the source on the performer's own skeleton and the measures of each (what the workbench's Retarget view shows; the
 * same measures as {@link RetargetReport}). All three motions have the model's frame rate and the same frame count.
 */
public record RetargetComparison(String clip, boolean heldOut, String target, Motion source, Motion copy, Motion learned,
        Map<String, RetargetMeasures> measures, LatentRetargeting.Result optimisation, RetargetSettings settings) {

    /**
     * The methods in the order they are shown (the learned one after the foot-contact stage when the settings have it;
     * the measures then also hold the learned result before that stage, under {@link RetargetReport#BEFORE_STAGE}).
     */
    public static final List<String> METHODS = List.of("source", "copy", "learned");

    /** The clips of the performer the model was trained on, read again from its files (the model's rate). */
    public static List<Motion> performerClips(RetargetModel model, IProgressMonitor monitor) {
        SubMonitor.convert(monitor, "Reading the performer's clips", 1);
        List<java.nio.file.Path> files = model.record().sourceFiles().stream().map(java.nio.file.Path::of).toList();
        if (files.isEmpty()) throw new InvalidInputException("model", "sourceFiles", "the model does not name its source files");
        return Performer.read(files, model.record().settings().fps(), null).clips();
    }

    /** Retargets {@code clip} (on the performer's canonical skeleton) onto the named target; cancellable. */
    public static RetargetComparison run(RetargetModel model, Motion clip, String targetName, RetargetSettings settings,
            IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Retargeting " + clip.name() + " onto " + targetName, 10);
        Skeleton target = CanonicalSkeleton.target(targetName);
        Motion src = clip.resample(model.record().settings().fps());
        LatentRetargeting.Result r = LatentRetargeting.retarget(model, src, target, settings, sub.split(9));
        Motion copy = CopyRotations.retarget(src, target);
        Map<String, RetargetMeasures> m = new LinkedHashMap<>();
        m.put("source", RetargetMeasures.of(src, src, null));
        m.put("copy", RetargetMeasures.of(copy, src, null));
        m.put("learned", RetargetMeasures.of(r.motion(), src, null));
        if (settings.contactStage()) m.put(RetargetReport.BEFORE_STAGE, RetargetMeasures.of(r.decoded(), src, null));
        sub.split(1);
        return new RetargetComparison(clip.name(), model.record().heldOutClips().contains(clip.name()), targetName, src,
                copy, r.motion(), m, r, settings);
    }

    /** The motion of a method in {@link #METHODS}. */
    public Motion motion(String method) {
        return switch (method) {
            case "source" -> source;
            case "copy" -> copy;
            case "learned" -> learned;
            default -> throw new IllegalArgumentException(method);
        };
    }
}
