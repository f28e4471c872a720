package org.clothgraph.graphview;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.PrimaryLaneLayout;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** The graph of a small explored demo: exported, laid out, drawn, and every state reached. */
class ExploredDemoGraphTest {
    @TempDir
    static Path dir;
    static Project project;
    static GarmentInfo robe;
    static SecondaryGraphSnapshot graph;
    static SecondaryGraphLayout layout;

    @BeforeAll
    static void explore() {
        project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(600), null);
        robe = ProjectGarments.find(project, ProjectGarments.ROBE);
        graph = SecondaryGraphSnapshot.of(project, robe);
        StateEmbedding e = StateEmbedding.compute(graph, StateEmbedding.frames(project, robe.vertexCount()), null);
        layout = SecondaryGraphLayout.of(graph, PrimaryLaneLayout.of(PrimaryGraphSnapshot.of(project)), e);
    }

    @AfterAll
    static void close() {
        if (project != null) {
            project.close();
        }
    }

    @Test
    void theSnapshotHoldsEveryStoredStateAndTransition() {
        long states = project.secondary().states().stream().filter(s -> s.garmentId() == robe.id()).count();
        assertTrue(states > 100, "explored states: " + states);
        assertEquals(states, graph.size());
        assertEquals(project.secondary().transitions().size(), graph.edges().size());
        assertTrue(graph.edges().stream().anyMatch(SecondaryGraphSnapshot.Edge::merged));
    }

    /** The GraphML is read back by the JDK's XML parser with GraphML's own rules: keys, ids, typed data. */
    @Test
    void theGraphMlHoldsEveryStateAndTransitionWithItsAttributes() throws Exception {
        StringWriter w = new StringWriter();
        GraphExport.write(graph, layout, GraphExport.Format.GRAPHML, w);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(w.toString())));
        String ns = "http://graphml.graphdrawing.org/xmlns";
        Map<String, String> keyFor = new HashMap<>(), keyType = new HashMap<>();
        NodeList keys = doc.getElementsByTagNameNS(ns, "key");
        for (int i = 0; i < keys.getLength(); i++) {
            Element k = (Element) keys.item(i);
            keyFor.put(k.getAttribute("id"), k.getAttribute("for"));
            keyType.put(k.getAttribute("id"), k.getAttribute("attr.type"));
        }
        Map<String, Map<String, String>> nodes = new HashMap<>();
        NodeList ns1 = doc.getElementsByTagNameNS(ns, "node");
        for (int i = 0; i < ns1.getLength(); i++) {
            Element n = (Element) ns1.item(i);
            nodes.put(n.getAttribute("id"), data(n, "node", keyFor, keyType, ns));
        }
        assertEquals(graph.size(), nodes.size(), "node ids are unique and every state is there");
        for (ClothStateRecord s : project.secondary().states()) {
            Map<String, String> d = nodes.get("s" + s.id());
            assertNotNull(d, "state " + s.id());
            assertEquals(Long.toString(s.primaryNode()), d.get("primaryNode"));
            assertEquals(s.classes() == null ? "" : s.classes(), d.get("classes"));
            assertEquals(Boolean.toString(s.live()), d.get("live"));
            assertTrue(d.containsKey("x") && d.containsKey("y"));
        }
        NodeList es = doc.getElementsByTagNameNS(ns, "edge");
        Set<String> seen = new HashSet<>();
        Map<Long, ClothTransition> stored = new HashMap<>();
        project.secondary().transitions().forEach(t -> stored.put(t.id(), t));
        for (int i = 0; i < es.getLength(); i++) {
            Element e = (Element) es.item(i);
            assertTrue(nodes.containsKey(e.getAttribute("source")) && nodes.containsKey(e.getAttribute("target")));
            Map<String, String> d = data(e, "edge", keyFor, keyType, ns);
            ClothTransition t = stored.get(Long.parseLong(d.get("transitionId")));
            assertNotNull(t);
            assertEquals("s" + t.from(), e.getAttribute("source"));
            assertEquals("s" + t.to(), e.getAttribute("target"));
            assertEquals(Boolean.toString(t.merged()), d.get("merged"));
            assertTrue(seen.add(d.get("transitionId")));
        }
        assertEquals(stored.size(), seen.size());
    }

    private static Map<String, String> data(Element owner, String kind, Map<String, String> keyFor,
            Map<String, String> keyType, String ns) {
        Map<String, String> m = new HashMap<>();
        NodeList data = owner.getElementsByTagNameNS(ns, "data");
        for (int j = 0; j < data.getLength(); j++) {
            Element d = (Element) data.item(j);
            String key = d.getAttribute("key");
            assertEquals(kind, keyFor.get(key), "data " + key + " is declared for " + kind);
            String value = d.getTextContent();
            switch (keyType.get(key)) {
            case "long" -> Long.parseLong(value);
            case "int" -> Integer.parseInt(value);
            case "double" -> Double.parseDouble(value);
            case "boolean" -> assertTrue(value.equals("true") || value.equals("false"), value);
            default -> {
            }
            }
            m.put(key, value);
        }
        return m;
    }

    @Test
    void everyLiveStateIsReachedFromTheInitialStateByPlayableMotion() {
        int reached = 0;
        for (SecondaryGraphSnapshot.State s : graph.states()) {
            if (!s.live()) {
                continue;
            }
            PathToState p = PathToState.of(graph, s.index());
            assertNotNull(p, "live state " + s.id());
            // consecutive states along the path follow stored transitions
            int at = graph.initial();
            for (SecondaryGraphSnapshot.Edge e : p.edges()) {
                assertEquals(at, e.from());
                at = e.to();
            }
            assertEquals(s.index(), at);
            reached++;
        }
        assertTrue(reached > 100);
    }

    @Test
    void thePictureShowsTheGraphWithItsLegend() throws Exception {
        BufferedImage img = GraphPicture.draw(graph, layout, Colouring.of(graph, Colouring.By.CLASS, "hood"), 1280, 800,
                "demo");
        Path png = dir.resolve("graph.png");
        GraphPicture.writePng(img, png);
        BufferedImage back = ImageIO.read(png.toFile());
        assertEquals(1280, back.getWidth());
        int coloured = 0;
        for (int y = 0; y < back.getHeight(); y += 2) {
            for (int x = 0; x < back.getWidth() - 240; x += 2) {
                int c = back.getRGB(x, y) & 0xffffff;
                int r = c >> 16, g = (c >> 8) & 255, b = c & 255;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60) {
                    coloured++;
                }
            }
        }
        assertTrue(coloured > 200, "coloured pixels: " + coloured);
        assertTrue(Files.size(png) > 10_000);
        double share = layout.neighbourClassShare(graph, "hood", 10);
        assertTrue(share >= 0 && share <= 1, "share " + share);
    }
}
