package org.clothgraph.retarget;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.io.AsfAmcReader;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.motion.retarget.JointMap;

/**
 * One performer's clips on the performer's canonical skeleton (the 22 joints with the performer's own bone lengths),
 * resampled to the network's rate: read from an ASF skeleton and its AMC motions, or from BVH files of one skeleton.
 * The joint map is the product's automatic choice (the built-in table matching most joints) unless given.
 * <p>
 * The performer's floor: mocap files put the floor anywhere (CMU subject 02's feet float about ten centimetres). All
 * clips of the performer are moved up or down by one constant, so that in 5 % of all frames the lowest foot point
 * (height minus its flat-standing height) is below y = 0: the floor the performer stood on. That offset is kept.
 */
public record Performer(Skeleton skeleton, List<Motion> clips, double floorOffset) {
    /** Share of frames in which the lowest foot point may be below the calibrated floor. */
    static final double FLOOR_QUANTILE = 0.05;

    /** Reads the files (an .asf followed by .amc files, or .bvh files) at the given rate. */
    public static Performer read(List<Path> files, double fps, JointMap map) {
        List<Motion> raw = new ArrayList<>();
        Path asf = null;
        ImportOptions opt = ImportOptions.NATIVE_RATE.withFps(fps);
        for (Path f : files) {
            String n = f.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
            if (n.endsWith(".asf")) {
                asf = f;
            } else if (n.endsWith(".amc")) {
                if (asf == null) throw new InvalidInputException(f, null, "an AMC motion needs its ASF skeleton before it");
                raw.add(AsfAmcReader.read(asf, f, AsfAmcReader.DEFAULT_AMC_FPS, opt).withName(stem(f)));
            } else if (n.endsWith(".bvh")) {
                raw.add(BvhReader.read(f, opt).withName(stem(f)));
            } else {
                throw new InvalidInputException(f, null, "unknown motion format (expected .bvh, .asf or .amc)");
            }
        }
        if (raw.isEmpty()) throw new InvalidInputException(files.isEmpty() ? "(no files)" : files.get(0).toString(), null,
                "no motion clips among the files");
        Skeleton first = raw.get(0).skeleton();
        JointMap m = map != null ? map : JointMap.forSkeleton(first);
        Skeleton canonical = CanonicalSkeleton.of(first, m, files.get(0).toString());
        List<Motion> clips = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            Motion r = raw.get(i);
            if (!r.skeleton().names().equals(first.names())) {
                throw new InvalidInputException(r.name(), "skeleton", "not the first clip's skeleton: one performer only");
            }
            clips.add(CanonicalSkeleton.motionOn(r, canonical, m).withName(r.name()));
        }
        double floor = floor(clips);
        List<Motion> onFloor = new ArrayList<>();
        for (Motion c : clips) onFloor.add(shifted(c, -floor));
        return new Performer(canonical, onFloor, -floor);
    }

    /** The files of a folder holding one ASF and its AMC files, sorted by name. */
    public static List<Path> asfAmcFolder(Path dir) {
        try (var s = java.nio.file.Files.list(dir)) {
            List<Path> all = s.sorted().toList();
            List<Path> out = new ArrayList<>();
            all.stream().filter(p -> p.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".asf")).forEach(out::add);
            if (out.size() != 1) throw new InvalidInputException(dir, null, "expected exactly one .asf file, found " + out.size());
            all.stream().filter(p -> p.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".amc")).forEach(out::add);
            return out;
        } catch (java.io.IOException e) {
            throw new InvalidInputException(dir, null, "cannot list: " + e.getMessage());
        }
    }

    /** The FLOOR_QUANTILE quantile over all frames of the lowest foot point's height minus its lift. */
    static double floor(List<Motion> clips) {
        List<Double> low = new ArrayList<>();
        for (Motion m : clips) {
            FootPoints feet = FootPoints.of(m.skeleton());
            for (org.clothgraph.motion.Vec3[] frame : FootContactMeasure.positions(m, feet)) {
                double l = Double.MAX_VALUE;
                for (int i = 0; i < frame.length; i++) l = Math.min(l, frame[i].y() - feet.points().get(i).lift());
                low.add(l);
            }
        }
        java.util.Collections.sort(low);
        return low.get((int) Math.floor(FLOOR_QUANTILE * (low.size() - 1)));
    }

    static Motion shifted(Motion m, double dy) {
        Motion.Builder b = new Motion.Builder(m.name(), m.skeleton(), m.fps(), m.frameCount());
        for (int f = 0; f < m.frameCount(); f++) {
            b.setRoot(f, m.rootPosition(f).add(new org.clothgraph.motion.Vec3(0, dy, 0)));
            for (int j = 0; j < m.skeleton().size(); j++) b.setRotation(f, j, m.rotation(f, j));
        }
        return b.build();
    }

    private static String stem(Path f) {
        String n = f.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }
}
