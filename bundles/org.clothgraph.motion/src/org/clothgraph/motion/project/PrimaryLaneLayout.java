package org.clothgraph.motion.project;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryNode;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * The primary graph's own placement, shared by the Primary Graph view and the secondary graph view (headless).
 * Places one lane per clip with ELK's layered algorithm: lanes are nodes as wide as the clip is long,
 * clips joined by transitions are edges, so strongly linked clips sit close and arcs stay short.
 */
public final class PrimaryLaneLayout {
    /** A lane in layout units: one unit per frame horizontally. */
    public record Lane(ClipInfo clip, double x, double y, double width, double height) {
        public double frameX(int frame) {
            return x + (frame + 0.5) * width / Math.max(1, clip.frameCount());
        }
    }

    public static final double LANE_HEIGHT = 26;
    private static boolean providersRegistered;

    private final Map<Long, Lane> lanes = new LinkedHashMap<>();
    private final double width;
    private final double height;

    private PrimaryLaneLayout(Map<Long, Lane> lanes, double width, double height) {
        this.lanes.putAll(lanes);
        this.width = width;
        this.height = height;
    }

    public Map<Long, Lane> lanes() {
        return lanes;
    }

    public Lane lane(long clipId) {
        return lanes.get(clipId);
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    /** Lanes placed by someone else (synthetic graphs, tests). */
    public static PrimaryLaneLayout of(Map<Long, Lane> lanes) {
        double w = 0;
        double h = 0;
        for (Lane l : lanes.values()) {
            w = Math.max(w, l.x() + l.width());
            h = Math.max(h, l.y() + l.height());
        }
        return new PrimaryLaneLayout(lanes, w, h);
    }

    /** Registers ELK's layered algorithm once per JVM (every ELK user here lays out with it). */
    public static synchronized void registerLayered() {
        if (!providersRegistered) {
            LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
            providersRegistered = true;
        }
    }

    public static synchronized PrimaryLaneLayout of(PrimaryGraphSnapshot snapshot) {
        registerLayered();
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE, 30.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 70.0);
        Map<Long, ElkNode> nodes = new HashMap<>();
        List<ClipInfo> clips = snapshot.clips();
        for (ClipInfo c : clips) {
            ElkNode n = ElkGraphUtil.createNode(root);
            n.setDimensions(Math.max(40, c.frameCount()), LANE_HEIGHT);
            n.setIdentifier("clip" + c.id());
            nodes.put(c.id(), n);
        }
        Set<String> linked = new HashSet<>();
        for (PrimaryEdge e : snapshot.transitions()) {
            PrimaryNode a = snapshot.node(e.from());
            PrimaryNode b = snapshot.node(e.to());
            if (a == null || b == null || a.clipId() == b.clipId()) {
                continue;
            }
            if (linked.add(a.clipId() + ">" + b.clipId())) {
                ElkGraphUtil.createSimpleEdge(nodes.get(a.clipId()), nodes.get(b.clipId()));
            }
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
        Map<Long, Lane> lanes = new LinkedHashMap<>();
        double w = 0;
        double h = 0;
        for (ClipInfo c : clips) {
            ElkNode n = nodes.get(c.id());
            lanes.put(c.id(), new Lane(c, n.getX(), n.getY(), n.getWidth(), n.getHeight()));
            w = Math.max(w, n.getX() + n.getWidth());
            h = Math.max(h, n.getY() + n.getHeight());
        }
        return new PrimaryLaneLayout(lanes, w, h);
    }
}
