package org.clothgraph.sim.arcsim.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;

/**
 * Builds ARCSim scene (conf.json) and fabric JSON trees. Paths in the scene are relative to the process's
 * working directory (the run's work dir), or absolute.
 */
public final class SceneBuilder {

    /** Obstacle mesh pattern, relative to the work dir. */
    public static final String PARTS_PATTERN = "parts/body%04d.obj";
    /** Motion file, relative to the work dir. */
    public static final String MOT_FILE = "body.mot";
    /** Fabric file written from a {@link Material}, relative to the work dir. */
    public static final String FABRIC_FILE = "fabric.json";
    /** Output folder, relative to the work dir. */
    public static final String OUT_DIR = "out";
    /** ARCSim's stock collision stiffness. */
    public static final double COLLISION_STIFFNESS = 1e6;

    private SceneBuilder() {
    }

    /** Material / scaling choices for the cloth. */
    public record Fabric(String dataPath, double densityMult, double stretchingMult, double bendingMult) {
    }

    /**
     * @param layout frame numbering of this run
     * @param frameSteps ARCSim substeps per frame
     * @param clothMesh path of the cloth OBJ (the start-state frame file itself: resume replaces it anyway)
     */
    public static Map<String, Object> scene(ResumeLayout layout, int frameSteps, String clothMesh, Fabric fabric,
            Material material, SimulationSettings settings) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("frame_time", layout.frameTime());
        root.put("frame_steps", frameSteps);
        root.put("end_frame", layout.endFrame());
        Map<String, Object> mat = new LinkedHashMap<>();
        mat.put("data", fabric.dataPath());
        mat.put("density_mult", fabric.densityMult());
        mat.put("stretching_mult", fabric.stretchingMult());
        mat.put("bending_mult", fabric.bendingMult());
        Map<String, Object> cloth = new LinkedHashMap<>();
        cloth.put("mesh", clothMesh);
        cloth.put("materials", List.of(mat));
        root.put("cloths", List.of(cloth));
        Map<String, Object> motions = new LinkedHashMap<>();
        motions.put("motfile", MOT_FILE);
        motions.put("fps", layout.motionFps());
        root.put("motions", motions);
        root.put("obstacles", PARTS_PATTERN);
        double[] g = CapsuleRig.toZUp(settings.gravityX(), settings.gravityY(), settings.gravityZ());
        root.put("gravity", list(g));
        root.put("friction", 0.5 * material.friction());
        root.put("obs_friction", material.friction());
        Map<String, Object> magic = new LinkedHashMap<>();
        magic.put("repulsion_thickness", material.thickness());
        magic.put("collision_stiffness", COLLISION_STIFFNESS);
        root.put("magic", magic);
        root.put("disable", List.of("remeshing"));
        return root;
    }

    /**
     * ARCSim fabric JSON equivalent to {@code m} under {@link org.clothgraph.sim.io.ArcsimMaterialReader}'s
     * mapping (so reading it back gives the same density, stretch, shear and bend stiffness): 6 stretching rows
     * [k, 0, k, shear], 3 x 5 bending samples all equal to the bending stiffness.
     */
    public static Map<String, Object> fabric(Material m) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("density", m.density());
        List<Object> st = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            st.add(list(new double[] {m.stretchStiffness(), 0, m.stretchStiffness(), m.shearStiffness()}));
        }
        f.put("stretching", st);
        List<Object> bt = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            bt.add(list(new double[] {m.bendStiffness(), m.bendStiffness(), m.bendStiffness(), m.bendStiffness(),
                    m.bendStiffness()}));
        }
        f.put("bending", bt);
        return f;
    }

    /** ARCSim substeps per frame: the requested count, or enough for steps of at most 5 ms (stock: 0.04 s / 8). */
    public static int frameSteps(int requested, double frameTime) {
        return requested > 0 ? requested : Math.max(1, (int) Math.ceil(frameTime / 0.005 - 1e-9));
    }

    private static List<Object> list(double[] a) {
        List<Object> l = new ArrayList<>(a.length);
        for (double d : a) {
            l.add(d == 0 ? 0.0 : d); // no negative zero
        }
        return l;
    }
}
