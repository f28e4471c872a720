package org.clothgraph.retarget;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.io.AsfAmcReader;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.retarget.JointMap;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The retargeting model in a project ({@value #MODEL_FILE}, recorded under the setting retarget/model, its record
 * of settings, seed and loss curve inside the file) and import through it: read, bring onto the source's canonical
 * skeleton, retarget onto the project's character by latent optimisation, store as the project's clips (before the
 * primary graph is built from them).
 */
public final class ProjectRetargeting {
    public static final String MODEL_FILE = "models/retarget.cgrm";

    private ProjectRetargeting() {
    }

    /** Trains on the files (one performer) and stores the model in the project. */
    public static RetargetModel train(Project project, List<Path> files, List<String> heldOut, TrainingSettings s,
            AutoencoderTraining.Curve curve, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Training", 10);
        Performer performer = Performer.read(files, s.fps(), null);
        List<Motion> train = new ArrayList<>(), held = new ArrayList<>();
        for (Motion m : performer.clips()) (heldOut.contains(m.name()) ? held : train).add(m);
        for (String h : heldOut) {
            if (held.stream().noneMatch(m -> m.name().equals(h))) {
                throw new InvalidInputException("--held-out", null, "no clip named '" + h + "' among the files");
            }
        }
        if (train.isEmpty()) throw new InvalidInputException("--held-out", null, "every clip is held out: nothing to train on");
        sub.split(1);
        List<String> names = files.stream().map(f -> f.toAbsolutePath().normalize().toString()).toList();
        RetargetModel model = AutoencoderTraining.train(train, held, names, performer.floorOffset(), s, curve, sub.split(9));
        store(project, model);
        return model;
    }

    /** The held-out clips of the model, read again from the files it was trained from, on the performer's skeleton. */
    public static List<Motion> heldOutClips(RetargetModel model) {
        List<Path> files = model.record().sourceFiles().stream().map(Path::of).toList();
        if (files.isEmpty()) throw new InvalidInputException("model", "sourceFiles", "the model does not name its source files");
        Performer p = Performer.read(files, model.record().settings().fps(), null);
        return p.clips().stream().filter(m -> model.record().heldOutClips().contains(m.name())).toList();
    }

    public static void store(Project project, RetargetModel model) {
        project.writeFile(MODEL_FILE, model::save);
        project.setSetting("retarget", "model", MODEL_FILE);
    }

    /** The project's model; bad input when none was trained. */
    public static RetargetModel load(Project project) {
        String rel = project.setting("retarget", "model").orElse(null);
        Path file = project.folder().resolve(rel == null ? MODEL_FILE : rel);
        if (rel == null || !Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "no retargeting model in this project: run 'motion train' first");
        }
        return RetargetModel.load(file);
    }

    /**
     * Imports the sources into the project retargeted by the learned method onto the project's character (which must
     * have the character's 22 joints); all or nothing.
     */
    public static List<ClipInfo> importLearned(Project project, List<ProjectClips.Source> sources, ProjectClips.Settings settings,
            RetargetSettings rs, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Importing motion (learned retargeting)", sources.size() * 10 + 1);
        RetargetModel model = load(project);
        ProjectCharacter.ensure(project);
        Skeleton character = ProjectCharacter.skeleton(project);
        if (!CanonicalSkeleton.isCanonical(character)) {
            throw new InvalidInputException(project.folder().toString(), "character",
                    "learned retargeting needs the character's 22-joint skeleton");
        }
        List<String> taken = new ArrayList<>();
        project.clips().forEach(c -> taken.add(c.name()));
        List<Motion> out = new ArrayList<>();
        for (ProjectClips.Source s : sources) {
            if (!Files.isRegularFile(s.file())) throw new InvalidInputException(s.file(), null, "no such file");
            ImportOptions native60 = settings.options().withFps(model.record().settings().fps());
            Motion raw = s.amc() == null ? BvhReader.read(s.file(), native60)
                    : AsfAmcReader.read(s.file(), s.amc(), settings.amcFps(), native60);
            JointMap map = settings.map() != null ? settings.map() : JointMap.forSkeleton(raw.skeleton());
            Skeleton canonical = CanonicalSkeleton.of(raw.skeleton(), map, s.file().toString());
            Motion src = CanonicalSkeleton.motionOn(raw, canonical, map);
            Motion r = LatentRetargeting.retarget(model, src, character, rs, sub.split(10)).motion();
            r = r.resample(settings.options().targetFps());
            String name = unique(clipName(s), taken);
            taken.add(name);
            out.add(r.withName(name));
        }
        return ProjectClips.store(project, out, sub.split(1));
    }

    static String clipName(ProjectClips.Source s) {
        Path named = s.amc() != null ? s.amc() : s.file();
        String n = named.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return (dot > 0 ? n.substring(0, dot) : n).replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    private static String unique(String name, List<String> taken) {
        String n = name;
        for (int i = 2; taken.contains(n); i++) n = name + "_" + i;
        return n;
    }
}
