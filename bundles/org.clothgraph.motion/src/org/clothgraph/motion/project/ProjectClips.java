package org.clothgraph.motion.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.contact.FootContact;
import org.clothgraph.motion.io.AsfAmcReader;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.BvhWriter;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.motion.retarget.JointMap;
import org.clothgraph.motion.retarget.JointMapper;
import org.clothgraph.motion.retarget.Retargeter;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Motion clips of a project: imported from BVH or ASF/AMC, retargeted onto the project character and
 * stored as BVH under motions/. An import is all or nothing: every file is read and retargeted before
 * anything is written.
 */
public final class ProjectClips {
    /** A source to import: a BVH file, or an ASF skeleton with an AMC motion. */
    public record Source(Path file, Path amc) {
        public static Source bvh(Path file) {
            return new Source(file, null);
        }

        public static Source asfAmc(Path asf, Path amc) {
            return new Source(asf, amc);
        }

        String clipName() {
            Path named = amc != null ? amc : file;
            String n = named.getFileName().toString();
            int dot = n.lastIndexOf('.');
            return (dot > 0 ? n.substring(0, dot) : n).replaceAll("[^A-Za-z0-9_.-]", "_");
        }
    }

    /** Import settings: source reading options, joint map (null: detect), AMC frame rate. */
    public record Settings(ImportOptions options, JointMap map, double amcFps) {
        public static Settings defaults(double projectFps) {
            return new Settings(ImportOptions.DEFAULT.withFps(projectFps), null, AsfAmcReader.DEFAULT_AMC_FPS);
        }
    }

    private ProjectClips() {
    }

    /** Pairs command-line files: BVH files alone, each ASF with the AMC files after it. */
    public static List<Source> sources(List<Path> files) {
        List<Source> out = new ArrayList<>();
        Path asf = null;
        for (Path f : files) {
            String n = f.getFileName().toString().toLowerCase(Locale.ROOT);
            if (n.endsWith(".bvh")) {
                out.add(Source.bvh(f));
            } else if (n.endsWith(".asf")) {
                asf = f;
            } else if (n.endsWith(".amc")) {
                if (asf == null) {
                    throw new InvalidInputException(f, null, "an AMC motion needs its ASF skeleton before it");
                }
                out.add(Source.asfAmc(asf, f));
            } else {
                throw new InvalidInputException(f, null, "unknown motion format (expected .bvh, .asf or .amc)");
            }
        }
        return out;
    }

    /** The joint mapping an import uses for a source skeleton: the given table, else the automatic mapping. */
    public static JointMapper.Mapping mapping(Skeleton source, Settings settings) {
        return settings.map() != null ? JointMapper.given(source, settings.map()) : JointMapper.map(source);
    }

    /**
     * The joint mapping an import into {@code project} uses: the given table, else the mapping the project keeps for
     * this skeleton ({@link ProjectJointMaps}, the user's correction), else the automatic mapping.
     */
    public static JointMapper.Mapping mapping(Project project, Skeleton source, Settings settings) {
        if (settings.map() == null) {
            JointMap saved = ProjectJointMaps.saved(project, source);
            if (saved != null) {
                return JointMapper.given(source, saved, JointMapper.Basis.SAVED);
            }
        }
        return mapping(source, settings);
    }

    /** Reads and retargets one source onto {@code target} without touching any project. */
    public static Motion read(Source s, Skeleton target, Settings settings) {
        return read(s, target, settings, null);
    }

    /** Reads a source's own motion (its skeleton, in metres, Y up), before any mapping or retargeting. */
    public static Motion readSource(Source s, Settings settings) {
        if (!Files.isRegularFile(s.file())) {
            throw new InvalidInputException(s.file(), null, "no such file");
        }
        return s.amc() == null ? BvhReader.read(s.file(), settings.options())
                : AsfAmcReader.read(s.file(), s.amc(), settings.amcFps(), settings.options());
    }

    /** Reads and retargets one source onto the project's character with the mapping the project would use. */
    public static Motion read(Project project, Source s, Settings settings,
            BiConsumer<Source, JointMapper.Mapping> onMapped) {
        return read(s, ProjectCharacter.skeleton(project), settings, onMapped, sk -> mapping(project, sk, settings));
    }

    /**
     * Reads and retargets one source onto {@code target}; {@code onMapped} (may be null) hears the joint mapping
     * before the source is refused for an incomplete one.
     */
    public static Motion read(Source s, Skeleton target, Settings settings, BiConsumer<Source, JointMapper.Mapping> onMapped) {
        return read(s, target, settings, onMapped, sk -> mapping(sk, settings));
    }

    private static Motion read(Source s, Skeleton target, Settings settings,
            BiConsumer<Source, JointMapper.Mapping> onMapped,
            java.util.function.Function<Skeleton, JointMapper.Mapping> mapper) {
        Motion m = readSource(s, settings);
        JointMapper.Mapping mapping = mapper.apply(m.skeleton());
        if (onMapped != null) {
            onMapped.accept(s, mapping);
        }
        if (!mapping.complete()) {
            List<String> why = new ArrayList<>(mapping.problems());
            if (!mapping.missingEssentials().isEmpty()) {
                why.add("no joint for " + String.join(", ", mapping.missingEssentials()));
            }
            throw new InvalidInputException(s.file(), "joint map", String.join("; ", why)
                    + (settings.map() != null ? " in map '" + settings.map().name() + "'" : "")
                    + "; supply a joint map (--map, lines 'sourceJoint targetJoint'; --verbose shows the mapping found)");
        }
        JointMap map = settings.map() != null ? settings.map() : mapping.toJointMap("automatic");
        return onTheGround(new Retargeter(m.skeleton(), target, map).retarget(m)).withName(s.clipName());
    }

    /**
     * The clip moved vertically so that it stands where the character's rest pose stands: its ground (the 5th
     * percentile over frames of the lowest foot contact point, each point less its rest height above the sole; see
     * {@link FootContact}) put at the height of the rest pose's lowest point. Mocap floors are rarely at zero after
     * unit scaling and retargeting, and foot contact is judged against the ground.
     */
    static Motion onTheGround(Motion m) {
        Skeleton s = m.skeleton();
        List<FootContact.Point> points = FootContact.points(s);
        if (points.isEmpty() || m.frameCount() == 0) {
            return m;
        }
        double[] lowest = new double[m.frameCount()];
        for (int f = 0; f < m.frameCount(); f++) {
            Vec3[] p = FootContact.positions(points, m, f);
            lowest[f] = Double.MAX_VALUE;
            for (int i = 0; i < p.length; i++) {
                lowest[f] = Math.min(lowest[f], p[i].y() - points.get(i).lift());
            }
        }
        java.util.Arrays.sort(lowest);
        double ground = lowest[(int) (0.05 * (lowest.length - 1))];
        double standing = s.offset(0).y() - s.restRootHeight();
        Vec3 shift = new Vec3(0, standing - ground, 0);
        Motion.Builder b = new Motion.Builder(m.name(), s, m.fps(), m.frameCount());
        for (int f = 0; f < m.frameCount(); f++) {
            b.setRoot(f, m.rootPosition(f).add(shift));
            for (int j = 0; j < s.size(); j++) {
                b.setRotation(f, j, m.rotation(f, j));
                if (j > 0 && s.joint(j).hasPositionChannels()) {
                    b.setTranslation(f, j, m.localTranslation(f, j));
                }
            }
        }
        return b.build();
    }

    /** Imports the sources into the project, retargeted onto its character; returns the new clips. */
    public static List<ClipInfo> importInto(Project project, List<Source> sources, Settings settings,
            IProgressMonitor monitor) {
        return importInto(project, sources, settings, null, monitor);
    }

    /** Imports as above; {@code onMapped} (may be null) hears each source's joint mapping. */
    public static List<ClipInfo> importInto(Project project, List<Source> sources, Settings settings,
            BiConsumer<Source, JointMapper.Mapping> onMapped, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Importing motion", sources.size() * 2);
        ProjectCharacter.ensure(project);
        Skeleton target = ProjectCharacter.skeleton(project);
        List<String> taken = new ArrayList<>();
        project.clips().forEach(c -> taken.add(c.name()));
        List<Motion> motions = new ArrayList<>();
        for (Source s : sources) {
            sub.split(1).subTask(s.file().getFileName().toString());
            Motion m = read(s, target, settings, onMapped, sk -> mapping(project, sk, settings));
            String name = unique(m.name(), taken);
            taken.add(name);
            motions.add(m.withName(name));
        }
        return store(project, motions, sub.split(sources.size()));
    }

    /** Writes already prepared clips (on the project character) as BVH and registers them. */
    public static List<ClipInfo> store(Project project, List<Motion> motions, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Storing clips", motions.size());
        List<Path> written = new ArrayList<>();
        List<ClipInfo> added = new ArrayList<>();
        try {
            for (Motion m : motions) {
                sub.split(1);
                String rel = ProjectFormat.MOTIONS_FOLDER + "/" + m.name() + ".bvh";
                Path file = project.folder().resolve(rel);
                if (Files.exists(file)) {
                    throw new InvalidInputException(file, null, "a motion file of this name already exists");
                }
                written.add(project.writeFile(rel, f -> BvhWriter.write(m, f)));
            }
            project.batch(() -> {
                for (Motion m : motions) {
                    long id = project.addClip(m.name(), ProjectFormat.MOTIONS_FOLDER + "/" + m.name() + ".bvh", m.fps(),
                            m.frameCount());
                    added.add(new ClipInfo(id, m.name(), ProjectFormat.MOTIONS_FOLDER + "/" + m.name() + ".bvh",
                            m.fps(), m.frameCount(), false));
                }
            });
            return added;
        } catch (RuntimeException e) {
            for (Path f : written) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException ignored) {
                    // best effort: the clip rows were rolled back, a stray file is harmless
                }
            }
            throw e;
        }
    }

    /**
     * Loads clips of the project (in the given order) as motions that share one skeleton object, the
     * character's, as the motion graph requires.
     */
    public static List<Motion> load(Project project, List<ClipInfo> clips) {
        Skeleton character = ProjectCharacter.skeleton(project);
        List<Motion> out = new ArrayList<>();
        for (ClipInfo c : clips) {
            Path file = project.file("clip " + c.name() + ", field file", c.file());
            out.add(onSkeleton(BvhReader.read(file, ProjectCharacter.STORED), character, file).withName(c.name()));
        }
        return out;
    }

    /** The same motion bound to {@code skeleton}, which must have the same joints in the same order. */
    static Motion onSkeleton(Motion m, Skeleton skeleton, Path file) {
        Skeleton own = m.skeleton();
        if (own.size() != skeleton.size()) {
            throw new InvalidInputException(file, "HIERARCHY", "clip has " + own.size() + " joints, the character "
                    + skeleton.size());
        }
        for (int j = 0; j < own.size(); j++) {
            if (!own.name(j).equals(skeleton.name(j)) || own.parent(j) != skeleton.parent(j)) {
                throw new InvalidInputException(file, "joint " + own.name(j), "clip is not on the character's skeleton");
            }
        }
        Motion.Builder b = new Motion.Builder(m.name(), skeleton, m.fps(), m.frameCount());
        for (int f = 0; f < m.frameCount(); f++) {
            b.setRoot(f, m.rootPosition(f));
            for (int j = 0; j < skeleton.size(); j++) {
                b.setRotation(f, j, m.rotation(f, j));
                if (m.hasJointTranslations() && j > 0) {
                    b.setTranslation(f, j, m.localTranslation(f, j));
                }
            }
        }
        return b.build();
    }

    private static String unique(String name, List<String> taken) {
        String n = name;
        for (int i = 2; taken.contains(n); i++) {
            n = name + "_" + i;
        }
        return n;
    }
}
