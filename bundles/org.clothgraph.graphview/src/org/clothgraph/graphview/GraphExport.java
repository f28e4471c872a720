package org.clothgraph.graphview;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * The secondary graph for other tools: GraphML (Gephi, yEd, NetworkX), DOT (Graphviz) and JSON (scripts). Every
 * state with its stored id, primary node, clip, frame, classes, live/merged-away status and round (and its place in
 * the layout when one is given); every transition with its id, whether it is a merge, its plain error (mm), whether
 * it joins two classes, whether its dead end is quarantined.
 */
public final class GraphExport {

    /** Export formats. */
    public enum Format {
        GRAPHML, DOT, JSON;

        public static Format parse(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
            case "graphml" -> GRAPHML;
            case "dot" -> DOT;
            case "json" -> JSON;
            default -> throw new IllegalArgumentException("format graphml, dot or json, not '" + s + "'");
            };
        }
    }

    private GraphExport() {
    }

    public static void write(SecondaryGraphSnapshot g, SecondaryGraphLayout layout, Format format, Writer out)
            throws IOException {
        switch (format) {
        case GRAPHML -> graphml(g, layout, out);
        case DOT -> dot(g, layout, out);
        case JSON -> json(g, layout, out);
        }
        out.flush();
    }

    private static void graphml(SecondaryGraphSnapshot g, SecondaryGraphLayout layout, Writer w) throws IOException {
        w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        w.write("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                + " xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns"
                + " http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
        String[][] nodeKeys = { { "stateId", "long" }, { "primaryNode", "long" }, { "clip", "string" },
                { "frame", "int" }, { "classes", "string" }, { "live", "boolean" }, { "round", "int" },
                { "x", "double" }, { "y", "double" } };
        for (String[] k : nodeKeys) {
            w.write("  <key id=\"" + k[0] + "\" for=\"node\" attr.name=\"" + k[0] + "\" attr.type=\"" + k[1] + "\"/>\n");
        }
        String[][] edgeKeys = { { "transitionId", "long" }, { "merged", "boolean" }, { "errorMm", "double" },
                { "crossClass", "boolean" }, { "quarantined", "boolean" } };
        for (String[] k : edgeKeys) {
            w.write("  <key id=\"" + k[0] + "\" for=\"edge\" attr.name=\"" + k[0] + "\" attr.type=\"" + k[1] + "\"/>\n");
        }
        w.write("  <graph id=\"secondary\" edgedefault=\"directed\">\n");
        for (SecondaryGraphSnapshot.State s : g.states()) {
            w.write("    <node id=\"s" + s.id() + "\">");
            data(w, "stateId", s.id());
            data(w, "primaryNode", s.primaryNode());
            data(w, "clip", xml(g.clipName(s.clipId())));
            data(w, "frame", s.clipFrame());
            data(w, "classes", xml(s.classes() == null ? "" : s.classes()));
            data(w, "live", s.live());
            data(w, "round", s.round());
            if (layout != null) {
                data(w, "x", num(layout.x(s.index())));
                data(w, "y", num(layout.y(s.index())));
            }
            w.write("</node>\n");
        }
        for (SecondaryGraphSnapshot.Edge e : g.edges()) {
            w.write("    <edge id=\"t" + e.transitionId() + "\" source=\"s" + g.state(e.from()).id() + "\" target=\"s"
                    + g.state(e.to()).id() + "\">");
            data(w, "transitionId", e.transitionId());
            data(w, "merged", e.merged());
            data(w, "errorMm", num(e.errorMm()));
            data(w, "crossClass", e.crossClass());
            data(w, "quarantined", e.quarantined());
            w.write("</edge>\n");
        }
        w.write("  </graph>\n</graphml>\n");
    }

    private static void data(Writer w, String key, Object value) throws IOException {
        w.write("<data key=\"" + key + "\">" + value + "</data>");
    }

    private static void dot(SecondaryGraphSnapshot g, SecondaryGraphLayout layout, Writer w) throws IOException {
        w.write("digraph secondary {\n  node [shape=point];\n");
        for (SecondaryGraphSnapshot.State s : g.states()) {
            w.write("  s" + s.id() + " [label=\"" + dotText(g.clipName(s.clipId()) + " " + s.clipFrame()) + "\""
                    + ", classes=\"" + dotText(s.classes() == null ? "" : s.classes()) + "\", live=" + s.live()
                    + ", round=" + s.round()
                    + (layout == null ? "" : ", pos=\"" + num(layout.x(s.index())) + "," + num(-layout.y(s.index())) + "\"")
                    + "];\n");
        }
        for (SecondaryGraphSnapshot.Edge e : g.edges()) {
            w.write("  s" + g.state(e.from()).id() + " -> s" + g.state(e.to()).id() + " [id=t" + e.transitionId()
                    + (e.merged() ? ", style=dashed, merged=true, errorMm=" + num(e.errorMm()) + ", crossClass="
                            + e.crossClass() + ", quarantined=" + e.quarantined() : "") + "];\n");
        }
        w.write("}\n");
    }

    private static void json(SecondaryGraphSnapshot g, SecondaryGraphLayout layout, Writer w) throws IOException {
        w.write("{\"states\":[");
        boolean first = true;
        for (SecondaryGraphSnapshot.State s : g.states()) {
            w.write((first ? "" : ",") + "\n{\"id\":" + s.id() + ",\"primaryNode\":" + s.primaryNode() + ",\"clip\":"
                    + jsonText(g.clipName(s.clipId())) + ",\"frame\":" + s.clipFrame() + ",\"classes\":"
                    + jsonText(s.classes() == null ? "" : s.classes()) + ",\"live\":" + s.live() + ",\"round\":"
                    + s.round() + (layout == null ? "" : ",\"x\":" + num(layout.x(s.index())) + ",\"y\":"
                            + num(layout.y(s.index())))
                    + "}");
            first = false;
        }
        w.write("\n],\"transitions\":[");
        first = true;
        for (SecondaryGraphSnapshot.Edge e : g.edges()) {
            w.write((first ? "" : ",") + "\n{\"id\":" + e.transitionId() + ",\"from\":" + g.state(e.from()).id()
                    + ",\"to\":" + g.state(e.to()).id() + ",\"merged\":" + e.merged() + ",\"errorMm\":" + num(e.errorMm())
                    + ",\"crossClass\":" + e.crossClass() + ",\"quarantined\":" + e.quarantined() + "}");
            first = false;
        }
        w.write("\n],\"initialState\":" + (g.initial() < 0 ? "null" : g.state(g.initial()).id()) + "}\n");
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String dotText(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static String jsonText(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
