package org.clothgraph.graphview;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.motion.project.PrimaryLaneLayout;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.options.NodeLabelPlacement;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * A state's neighbourhood as a node-link diagram for reading single transitions: laid out by ELK's layered algorithm
 * (left to right along transitions) with every label given to ELK at its drawn size, so ELK keeps labels off nodes
 * and off each other: each state a circle with its id under it, each merge's error (mm) on its edge (simulated
 * transitions are unlabelled). Headless: the view measures the text and draws what this places.
 */
public final class NeighbourhoodDiagram {
    /** How big a text is drawn (the view's font; any unit, the same as the radius). */
    public interface TextSize {
        double width(String text);

        double height();
    }

    /** An axis-aligned box (x, y its top left corner). */
    public record Box(double x, double y, double w, double h) {
        public boolean intersects(Box o) {
            return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h;
        }
    }

    /** A state: centre, radius and its id label. */
    public record Node(int state, double cx, double cy, double r, String text, Box label) {
        public Box circle() {
            return new Box(cx - r, cy - r, 2 * r, 2 * r);
        }
    }

    /** A transition: its route (x0, y0, x1, y1, ...) from source to target, and its label (null when none). */
    public record Link(SecondaryGraphSnapshot.Edge edge, double[] route, String text, Box label) {
    }

    private final List<Node> nodes;
    private final List<Link> links;
    private final double width, height;

    private NeighbourhoodDiagram(List<Node> nodes, List<Link> links, double width, double height) {
        this.nodes = List.copyOf(nodes);
        this.links = List.copyOf(links);
        this.width = width;
        this.height = height;
    }

    /** The label a transition carries: a merge's plain error, none for a simulated transition. */
    public static String labelOf(SecondaryGraphSnapshot.Edge e) {
        return e.merged() ? String.format(Locale.ROOT, "%.0f mm", e.errorMm()) : null;
    }

    public static NeighbourhoodDiagram of(SecondaryGraphSnapshot graph, Neighbourhood hood, double radius,
            TextSize text) {
        PrimaryLaneLayout.registerLayered();
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE, 14.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 30.0);
        root.setProperty(LayeredOptions.SPACING_EDGE_LABEL, 3.0);
        root.setProperty(LayeredOptions.SPACING_LABEL_NODE, 2.0);
        root.setProperty(CoreOptions.PADDING, new org.eclipse.elk.core.math.ElkPadding(4));
        double th = text.height();
        Map<Integer, ElkNode> nodes = new HashMap<>();
        Map<Integer, ElkLabel> nodeLabels = new HashMap<>();
        for (int s : hood.states()) {
            ElkNode n = ElkGraphUtil.createNode(root);
            n.setDimensions(2 * radius, 2 * radius);
            n.setProperty(CoreOptions.NODE_LABELS_PLACEMENT, NodeLabelPlacement.outsideBottomCenter());
            String id = Long.toString(graph.state(s).id());
            ElkLabel l = ElkGraphUtil.createLabel(id, n);
            l.setDimensions(text.width(id), th);
            nodes.put(s, n);
            nodeLabels.put(s, l);
        }
        Map<ElkEdge, SecondaryGraphSnapshot.Edge> edges = new java.util.LinkedHashMap<>();
        for (SecondaryGraphSnapshot.Edge e : hood.edges()) {
            if (e.from() == e.to()) {
                continue;
            }
            ElkEdge edge = ElkGraphUtil.createSimpleEdge(nodes.get(e.from()), nodes.get(e.to()));
            String t = labelOf(e);
            if (t != null) {
                ElkLabel l = ElkGraphUtil.createLabel(t, edge);
                l.setDimensions(text.width(t), th);
                l.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
            }
            edges.put(edge, e);
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
        List<Node> placed = new ArrayList<>();
        for (int s : hood.states()) {
            ElkNode n = nodes.get(s);
            ElkLabel l = nodeLabels.get(s);
            placed.add(new Node(s, n.getX() + radius, n.getY() + radius, radius, l.getText(),
                    new Box(n.getX() + l.getX(), n.getY() + l.getY(), l.getWidth(), l.getHeight())));
        }
        List<Link> routed = new ArrayList<>();
        for (Map.Entry<ElkEdge, SecondaryGraphSnapshot.Edge> entry : edges.entrySet()) {
            ElkEdge edge = entry.getKey();
            List<Double> pts = new ArrayList<>();
            for (ElkEdgeSection section : edge.getSections()) {
                pts.add(section.getStartX());
                pts.add(section.getStartY());
                for (ElkBendPoint b : section.getBendPoints()) {
                    pts.add(b.getX());
                    pts.add(b.getY());
                }
                pts.add(section.getEndX());
                pts.add(section.getEndY());
            }
            double[] route = pts.stream().mapToDouble(Double::doubleValue).toArray();
            ElkLabel l = edge.getLabels().isEmpty() ? null : edge.getLabels().get(0);
            routed.add(new Link(entry.getValue(), route, l == null ? null : l.getText(),
                    l == null ? null : new Box(l.getX(), l.getY(), l.getWidth(), l.getHeight())));
        }
        return new NeighbourhoodDiagram(placed, routed, root.getWidth(), root.getHeight());
    }

    public List<Node> nodes() {
        return nodes;
    }

    public List<Link> links() {
        return links;
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    /**
     * What would be hard to read: every pair of an edge label with a state (circle or id) or with another edge label
     * that overlap, described; empty when every label is clear.
     */
    public List<String> overlaps() {
        List<String> out = new ArrayList<>();
        List<Link> labelled = links.stream().filter(l -> l.label() != null).toList();
        for (int i = 0; i < labelled.size(); i++) {
            Link a = labelled.get(i);
            for (Node n : nodes) {
                if (a.label().intersects(n.circle()) || a.label().intersects(n.label())) {
                    out.add("label '" + a.text() + "' over state " + n.text());
                }
            }
            for (int j = i + 1; j < labelled.size(); j++) {
                if (a.label().intersects(labelled.get(j).label())) {
                    out.add("label '" + a.text() + "' over label '" + labelled.get(j).text() + "'");
                }
            }
        }
        for (int i = 0; i < nodes.size(); i++) {
            for (int j = i + 1; j < nodes.size(); j++) {
                Node a = nodes.get(i), b = nodes.get(j);
                if (a.label().intersects(b.label()) || a.label().intersects(b.circle()) || b.label().intersects(a.circle())) {
                    out.add("state " + a.text() + " over state " + b.text());
                }
            }
        }
        return out;
    }
}
