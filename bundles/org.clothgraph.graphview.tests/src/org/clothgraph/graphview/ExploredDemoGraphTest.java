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
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.imageio.ImageIO;

import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.PrimaryLaneLayout;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.builder.GraphTypeBuilder;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.AttributeType;
import org.jgrapht.nio.graphml.GraphMLImporter;
import org.jgrapht.util.SupplierUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    /**
     * The GraphML is read back by a third-party GraphML reader (JGraphT's {@code GraphMLImporter}, validating against
     * the GraphML schema): every state with its attributes, every transition between the right states with its own.
     */
    @Test
    void theGraphMlIsReadBackByAGraphMlReaderWithEveryStateAndTransition() throws Exception {
        StringWriter w = new StringWriter();
        GraphExport.write(graph, layout, GraphExport.Format.GRAPHML, w);
        Graph<String, DefaultEdge> read = GraphTypeBuilder.<String, DefaultEdge> directed().allowingMultipleEdges(true)
                .allowingSelfLoops(true).edgeSupplier(SupplierUtil.createDefaultEdgeSupplier()).buildGraph();
        Map<String, Map<String, Attribute>> nodeData = new HashMap<>();
        Map<DefaultEdge, Map<String, Attribute>> edgeData = new HashMap<>();
        GraphMLImporter<String, DefaultEdge> importer = new GraphMLImporter<>();
        importer.setSchemaValidation(true);
        importer.setVertexFactory(id -> id);
        importer.addVertexAttributeConsumer((k, a) -> nodeData.computeIfAbsent(k.getFirst(), x -> new HashMap<>())
                .put(k.getSecond(), a));
        importer.addEdgeAttributeConsumer((k, a) -> edgeData.computeIfAbsent(k.getFirst(), x -> new HashMap<>())
                .put(k.getSecond(), a));
        importer.importGraph(read, new StringReader(w.toString()));

        List<ClothStateRecord> states = project.secondary().states().stream().filter(s -> s.garmentId() == robe.id())
                .toList();
        assertEquals(states.size(), read.vertexSet().size(), "every state, each once");
        for (ClothStateRecord s : states) {
            String v = "s" + s.id();
            assertTrue(read.containsVertex(v), v);
            Map<String, Attribute> d = nodeData.get(v);
            assertEquals(s.id(), Long.parseLong(value(d, "stateId", AttributeType.LONG)));
            assertEquals(s.primaryNode(), Long.parseLong(value(d, "primaryNode", AttributeType.LONG)));
            SecondaryGraphSnapshot.State st = graph.state(graph.indexOf(s.id()));
            assertEquals(graph.clipName(st.clipId()), value(d, "clip", AttributeType.STRING));
            assertEquals(st.clipFrame(), Integer.parseInt(value(d, "frame", AttributeType.INT)));
            assertEquals(s.classes() == null ? "" : s.classes(), value(d, "classes", AttributeType.STRING));
            assertEquals(s.live(), Boolean.parseBoolean(value(d, "live", AttributeType.BOOLEAN)));
            assertEquals(s.round(), Integer.parseInt(value(d, "round", AttributeType.INT)));
            assertEquals(layout.x(st.index()), Double.parseDouble(value(d, "x", AttributeType.DOUBLE)), 1e-3);
            assertEquals(layout.y(st.index()), Double.parseDouble(value(d, "y", AttributeType.DOUBLE)), 1e-3);
        }
        Map<Long, ClothTransition> stored = new HashMap<>();
        project.secondary().transitions().forEach(t -> stored.put(t.id(), t));
        Map<Long, SecondaryGraphSnapshot.Edge> byId = new HashMap<>();
        graph.edges().forEach(e -> byId.put(e.transitionId(), e));
        assertEquals(stored.size(), read.edgeSet().size(), "every transition, each once");
        Set<Long> seen = new HashSet<>();
        for (DefaultEdge e : read.edgeSet()) {
            Map<String, Attribute> d = edgeData.get(e);
            long id = Long.parseLong(value(d, "transitionId", AttributeType.LONG));
            assertTrue(seen.add(id), "transition " + id + " once");
            ClothTransition t = stored.get(id);
            assertNotNull(t, "transition " + id + " is stored");
            assertEquals("s" + t.from(), read.getEdgeSource(e));
            assertEquals("s" + t.to(), read.getEdgeTarget(e));
            assertEquals(t.merged(), Boolean.parseBoolean(value(d, "merged", AttributeType.BOOLEAN)));
            SecondaryGraphSnapshot.Edge g = byId.get(id);
            assertEquals(g.errorMm(), Double.parseDouble(value(d, "errorMm", AttributeType.DOUBLE)), 1e-3);
            assertEquals(g.crossClass(), Boolean.parseBoolean(value(d, "crossClass", AttributeType.BOOLEAN)));
            assertEquals(g.quarantined(), Boolean.parseBoolean(value(d, "quarantined", AttributeType.BOOLEAN)));
        }
        assertTrue(graph.edges().stream().anyMatch(SecondaryGraphSnapshot.Edge::merged), "merges are exported too");
    }

    /** The value of a data element as the reader typed it from the key's attr.type. */
    private static String value(Map<String, Attribute> data, String key, AttributeType type) {
        assertNotNull(data, "the element has data");
        Attribute a = data.get(key);
        assertNotNull(a, "data " + key);
        assertEquals(type, a.getType(), "type of " + key);
        return a.getValue();
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
        Colouring colouring = Colouring.of(graph, Colouring.By.CLASS, "hood");
        // a class has the same colour in every project, whichever classes this graph happens to have
        assertEquals(0x2ca02c, colouring.legend().get("hood=UP"), "hood=UP green");
        if (colouring.legend().containsKey("hood=DOWN")) {
            assertEquals(0xff7f0e, colouring.legend().get("hood=DOWN"), "hood=DOWN orange");
        }
        BufferedImage img = GraphPicture.draw(graph, layout, colouring, 1280, 800, "demo");
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
