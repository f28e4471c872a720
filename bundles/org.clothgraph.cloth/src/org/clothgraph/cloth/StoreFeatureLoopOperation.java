package org.clothgraph.cloth;

import java.util.Arrays;
import java.util.Locale;

import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.ProjectOperation;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.garment.BoundaryLoops;
import org.clothgraph.sim.garment.GarmentFeatures;

/**
 * Names a border loop of a garment as a feature (Clegg et al. 2015: a sleeve opening, a hood rim), the way the
 * generated robe carries its features: a vertex group holding the loop's vertices, whose name (spaces as
 * underscores: "hood rim" is group {@code hood_rim}) {@link GarmentFeatures} gives the loop. So an imported garment's
 * picked loops are the features dressing actions name, exactly as the robe's generated ones. Refused (bad input) when
 * the vertices are not one border loop of the mesh or the garment has a group of that name; undo removes the group.
 */
public final class StoreFeatureLoopOperation extends ProjectOperation {
    private final String garment;
    private final String group;
    private final int[] loop;

    /**
     * @param feature the feature's name (letters, digits and spaces, e.g. "left cuff")
     * @param loop the loop's vertices (a border loop of the garment's mesh, in any order)
     */
    public StoreFeatureLoopOperation(Project project, String garment, String feature, int[] loop) {
        super("Store Feature Loop", project);
        this.garment = garment;
        this.group = groupName(feature);
        this.loop = loop.clone();
    }

    /** The vertex group a feature name is stored as: trimmed, lower case, spaces as underscores. */
    public static String groupName(String feature) {
        String f = feature == null ? "" : feature.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        if (!f.matches("[a-z0-9][a-z0-9 ]{0,39}")) {
            throw new InvalidInputException("feature name", null, "use 1 to 40 letters, digits and spaces (got '"
                    + (feature == null ? "" : feature.strip()) + "')");
        }
        return f.replace(' ', '_');
    }

    /** The border loop of the mesh holding these vertices (as a set), or null when they are not one. */
    public static int[] borderLoop(ClothMesh mesh, int[] vertices) {
        int[] want = vertices.clone();
        Arrays.sort(want);
        for (int[] l : BoundaryLoops.of(mesh)) {
            int[] have = l.clone();
            Arrays.sort(have);
            if (Arrays.equals(want, have)) {
                return l;
            }
        }
        return null;
    }

    public String groupName() {
        return group;
    }

    /**
     * Checks the edit without making it (the workbench calls it first, so that a refused store is a message and does
     * not reach the operation history); returns the garment and the loop in border order.
     */
    public Checked check() {
        GarmentInfo g = ProjectGarments.find(project, garment);
        if (g == null) {
            throw new InvalidInputException(project.folder().toString(), "garment", "no garment named '" + garment + "'");
        }
        if (g.vertexGroups().containsKey(group)) {
            throw new InvalidInputException("garment " + garment, "vertex group " + group, "exists already; choose"
                    + " another feature name");
        }
        ClothMesh mesh = ProjectGarments.mesh(project, g);
        int[] ordered = borderLoop(mesh, loop);
        if (ordered == null) {
            throw new InvalidInputException("garment " + garment, "feature " + group.replace('_', ' '),
                    "the vertices are not one border loop of the mesh");
        }
        if (GarmentFeatures.named(GarmentFeatures.of(mesh, ProjectGarments.restBody(project)),
                group.replace('_', ' ')) != null) {
            throw new InvalidInputException("garment " + garment, "feature " + group.replace('_', ' '),
                    "the garment has a feature of that name already");
        }
        return new Checked(g, ordered);
    }

    /** A checked store: the garment as it is now and the loop's vertices in border order. */
    public record Checked(GarmentInfo garment, int[] loop) {
    }

    @Override
    protected void apply() {
        Checked c = check();
        project.setVertexGroup(c.garment().id(), group, c.loop());
    }

    @Override
    protected void revert() {
        GarmentInfo g = ProjectGarments.find(project, garment);
        if (g != null) {
            project.setVertexGroup(g.id(), group, null);
        }
    }
}
