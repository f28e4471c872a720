package org.clothgraph.playback.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.clothgraph.compress.Compressor;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.Project;
import org.clothgraph.playback.PlaybackCharacter;
import org.clothgraph.playback.ui.PlaybackUi;
import org.clothgraph.runtime.Choice;
import org.clothgraph.runtime.PlaybackFrame;
import org.clothgraph.runtime.RuntimeDatabase;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Playback view on the compressed explored demo: it opens the project's newest runtime database in a job, plays
 * it (frames change, the panel shows the frame's node, clip:frame, state, hood, decode time, fps and error bound),
 * holds at a branch point in "choose" mode where a different choice takes a different path, and shows the cloth
 * with the hood up and (further along a walk) with the hood down.
 */
class PlaybackViewTest {

    /**
     * A small demo whose explored graph has hood-down states to show: two whole clips, jog and backflip (the flip
     * throws the hood off), the 700-vertex robe, 1,200 explored frames (about half the states end up hood down).
     */
    private static final DemoPipeline.Options DEMO = new DemoPipeline.Options(0, 700, 1200, 0);
    private static final List<String> CLIPS = List.of("jog", "backflip");

    /** Basis vectors of the test database: the paper's 200, so that the screenshots show the cloth as simulated. */
    private static final int BASIS = 200;

    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @AfterEach
    void close() {
        workbench.getService(ProjectSession.class).close();
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        var ref = page.findViewReference(PlaybackUi.PLAYBACK_VIEW_ID);
        if (ref != null) {
            page.setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        }
    }

    @Test
    void playsTheCompressedDemoAndABranchChoiceChangesThePath() throws Exception {
        Project project = DemoPipeline.run(dir.resolve("demo"), DEMO, CLIPS, null);
        compress(project);
        workbench.getService(ProjectSession.class).set(project);
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setBounds(0, 0, 1280, 800);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        PlaybackView view = (PlaybackView) page.showView(PlaybackUi.PLAYBACK_VIEW_ID);
        UiWait.joinFamily(PlaybackUi.OPEN_FAMILY, 120_000);
        UiWait.until("the newest database to open", 60_000, () -> view.frame() != null);
        PlaybackPanel panel = view.panel();
        PlaybackFrame first = view.frame();
        assertEquals(view.opened().db.initialState(), first.state());
        assertEquals(Long.toString(first.primaryNode()), panel.value(PlaybackPanel.NODE));
        assertEquals(first.clip() + ":" + first.clipFrame(), panel.value(PlaybackPanel.CLIP));
        assertEquals(Integer.toString(first.state()), panel.value(PlaybackPanel.STATE));
        assertEquals("up", panel.value(PlaybackPanel.HOOD), "the walk starts with the hood up");
        assertTrue(panel.value(PlaybackPanel.ERROR).matches("\\d+\\.\\d\\d mm"), panel.value(PlaybackPanel.ERROR));
        assertTrue(panel.value(PlaybackPanel.DECODE).matches("\\d+\\.\\d\\d ms \\(CPU, \\d threads?\\)"),
                panel.value(PlaybackPanel.DECODE));
        assertTrue(view.scene().drawsSkinnedBody(), "the character is its skinned surface");

        // a random walk plays: frames change, paced by the timer
        view.play();
        UiWait.until("30 frames played", 60_000, () -> view.path().size() >= 31);
        // hidden behind another view of its stack it pauses; shown again it goes on
        page.showView("org.clothgraph.cloth.ui.clothPreview");
        UiWait.settle(300);
        int hidden = view.path().size();
        UiWait.settle(700);
        assertEquals(hidden, view.path().size(), "no frames while hidden");
        assertTrue(view.isPlaying());
        page.activate(view);
        UiWait.until("playback to go on when shown again", 30_000, () -> view.path().size() > hidden + 5);
        view.stop();
        List<PlaybackView.Visit> walked = view.path();
        assertTrue(walked.stream().map(PlaybackView.Visit::primaryNode).distinct().count() > 5, walked.toString());
        assertNotEquals(first.positions()[0], view.frame().positions()[0], "the cloth moved");
        double travelled = Math.hypot(view.frame().rootX() - first.rootX(), view.frame().rootZ() - first.rootZ());
        assertTrue(travelled > 0.2, "the character went somewhere in the world: " + travelled + " m");
        double[] body = centreOf(view.scene().bodyPositions());
        double[] robe = centreOf(PlaybackCharacter.cloth(view.frame()));
        assertTrue(Math.hypot(robe[0] - body[0], robe[2] - body[2]) < 0.3, "the robe is on the character, in the world");
        assertTrue(Integer.parseInt(panel.value(PlaybackPanel.FRAMES).replace(",", "")) >= 31);

        // choose mode: playback holds at a branch point; two different choices there lead to different paths
        view.setRandomWalk(false);
        view.reset();
        view.play();
        UiWait.until("playback to hold at a branch point", 60_000, view::isWaiting);
        List<PlaybackView.Visit> prefix = view.path();
        List<Choice> choices = view.opened().player.choices();
        assertTrue(choices.size() >= 2, choices.toString());
        assertEquals(Math.min(9, choices.size()), panel.choiceButtonCount());
        int other = 1;
        while (other < choices.size() && choices.get(other).toPrimaryNode() == choices.get(0).toPrimaryNode()) {
            other++;
        }
        assertTrue(other < choices.size(), "two choices to different primary nodes: " + choices);
        view.stop();
        List<PlaybackView.Visit> a = walkAfter(view, 0, 40);
        view.reset();
        view.play();
        UiWait.until("playback to hold at the same branch point", 60_000, view::isWaiting);
        view.stop();
        assertEquals(prefix, view.path(), "the same frames up to the branch point");
        List<PlaybackView.Visit> b = walkAfter(view, other, 40);
        assertNotEquals(a.subList(prefix.size(), a.size()), b.subList(prefix.size(), b.size()),
                "a different choice takes a different path");
        assertNotEquals(a.get(a.size() - 1), b.get(b.size() - 1));

        // screenshots at 1280 x 800, the view maximised: hood up at the start, hood down further along a walk
        page.setPartState(page.findViewReference(PlaybackUi.PLAYBACK_VIEW_ID), IWorkbenchPage.STATE_MAXIMIZED);
        view.setRandomWalk(true);
        view.reset();
        for (int i = 0; i < 12; i++) {
            view.step();
        }
        assertEquals("up", panel.value(PlaybackPanel.HOOD));
        assertLaidOut(panel);
        Path up = Screenshots.of(shell, "playback-hood-up");
        assertTrue(Files.size(up) > 10_000, up.toString());
        // the way to the nearest hood-down state, followed with the choice buttons from the next state's frame
        while (view.frame().state() < 0) {
            view.step();
        }
        List<Integer> way = wayToHoodDown(view.opened().db, view.frame().state());
        for (int choice : way) {
            view.choose(choice);
            while (view.frame().state() < 0) {
                view.step(); // inside the blended primary transition: one way on
            }
        }
        assertEquals("down", panel.value(PlaybackPanel.HOOD), "arrived at a hood-down state along " + way);
        for (int i = 0; i < 3 && view.opened().player.choices().size() == 1; i++) {
            view.step();
        }
        assertLaidOut(panel);
        Path down = Screenshots.of(shell, "playback-hood-down");
        assertTrue(Files.size(down) > 10_000, down.toString());
        Screenshots.save(view.capture(800, 600), "playback-gl");

        // the GPU decode path (basis in a texture buffer, reconstruction in the vertex shader) draws the same cloth
        ImageData cpu = view.capture(400, 300);
        view.setGpu(true);
        assertTrue(view.usesGpu(), "Mesa's OpenGL under Xvfb has texture buffers: " + panel.message());
        assertTrue(panel.value(PlaybackPanel.DECODE).endsWith("(coefficients; GPU)"), panel.value(PlaybackPanel.DECODE));
        ImageData gpu = view.capture(400, 300);
        Screenshots.save(gpu, "playback-gpu-gl");
        double overlap = clothOverlap(cpu, gpu);
        assertTrue(overlap > 0.95, "the cloth covers the same pixels decoded on the GPU as on the CPU: " + overlap);
        int before = view.path().size();
        view.step();
        view.step();
        assertEquals(before + 2, view.path().size(), "frames play on the GPU path");
        view.setGpu(false);
        assertTrue(!view.usesGpu());
        assertTrue(view.scene().drawsSkinnedBody());
    }

    /**
     * The choices (indices into the outgoing transitions of each state passed) that lead from {@code state} to the
     * nearest state whose stored class is hood down: a breadth-first search over the database's secondary graph.
     */
    private static List<Integer> wayToHoodDown(RuntimeDatabase db, int start) {
        int[] via = new int[db.stateCount()];
        int[] from = new int[db.stateCount()];
        Arrays.fill(via, -2);
        via[start] = -1;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(start));
        Map<String, Integer> classes = new TreeMap<>();
        for (int s = 0; s < db.stateCount(); s++) {
            classes.merge(db.classLabel(s), 1, Integer::sum);
        }
        // a hood-down state while jogging (after a flip) shows the hood down best; any other one will do
        int fallback = -1;
        while (!queue.isEmpty() || fallback >= 0) {
            int s;
            if (queue.isEmpty()) {
                s = fallback;
            } else {
                s = queue.poll();
                if ("down".equals(PlaybackView.hood(db.classLabel(s))) && fallback < 0) {
                    fallback = s;
                }
            }
            if ("down".equals(PlaybackView.hood(db.classLabel(s)))
                    && (s == fallback && queue.isEmpty() || db.clipOf(db.primaryNode(s)).equals("jog"))) {
                List<Integer> way = new ArrayList<>();
                for (int x = s; x != start; x = from[x]) {
                    way.add(0, via[x]);
                }
                return way;
            }
            int[] out = db.outgoing(s);
            for (int i = 0; i < out.length; i++) {
                int t = db.transitionTo(out[i]);
                if (via[t] == -2) {
                    via[t] = i;
                    from[t] = s;
                    queue.add(t);
                }
            }
        }
        throw new AssertionError("no hood-down state reachable from state " + start + "; states by class: " + classes);
    }

    /** Follows {@code choice} at the branch point shown, then the first choice at every later one, for n frames. */
    private static List<PlaybackView.Visit> walkAfter(PlaybackView view, int choice, int n) {
        view.choose(choice);
        for (int i = 0; i < n; i++) {
            if (view.opened().player.choices().size() > 1) {
                view.choose(0);
            } else {
                view.step();
            }
        }
        return view.path();
    }

    private static double[] centreOf(float[] xyz) {
        double[] c = new double[3];
        for (int i = 0; i < xyz.length; i++) {
            c[i % 3] += xyz[i];
        }
        for (int k = 0; k < 3; k++) {
            c[k] /= xyz.length / 3.0;
        }
        return c;
    }

    /** Intersection over union of the cloth-coloured (saturated) pixels of two images of one frame. */
    private static double clothOverlap(ImageData a, ImageData b) {
        long both = 0;
        long either = 0;
        for (int y = 0; y < a.height; y++) {
            for (int x = 0; x < a.width; x++) {
                boolean ca = saturated(a.getPixel(x, y));
                boolean cb = saturated(b.getPixel(x, y));
                both += ca && cb ? 1 : 0;
                either += ca || cb ? 1 : 0;
            }
        }
        return either == 0 ? 0 : (double) both / either;
    }

    private static boolean saturated(int rgb) {
        int r = (rgb >> 16) & 0xFF;
        int g = (rgb >> 8) & 0xFF;
        int b = rgb & 0xFF;
        return Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 20;
    }

    /** Every label and button of the panel shows its whole text: nothing truncated, nothing overlapping. */
    private static void assertLaidOut(PlaybackPanel panel) {
        UiWait.settle(300);
        List<Control> controls = new java.util.ArrayList<>();
        collect(panel.control(), controls);
        for (Control c : controls) {
            String text = c instanceof org.eclipse.swt.widgets.Label l ? l.getText()
                    : c instanceof org.eclipse.swt.widgets.Button b ? b.getText()
                            : c instanceof org.eclipse.swt.widgets.Combo combo ? combo.getText() + "MMMM" : null;
            if (text == null || text.isEmpty() || (c.getStyle() & org.eclipse.swt.SWT.WRAP) != 0) {
                continue;
            }
            GC gc = new GC(c);
            try {
                int need = gc.textExtent(text).x;
                assertTrue(c.getSize().x >= need, "'" + text + "' needs " + need + " px, has " + c.getSize().x);
            } finally {
                gc.dispose();
            }
        }
        for (int i = 0; i < controls.size(); i++) {
            for (int j = i + 1; j < controls.size(); j++) {
                Control x = controls.get(i);
                Control y = controls.get(j);
                if (x.getParent() == y.getParent() && x.isVisible() && y.isVisible()
                        && !(x instanceof org.eclipse.swt.widgets.Composite)
                        && !(y instanceof org.eclipse.swt.widgets.Composite)) {
                    assertTrue(!x.getBounds().intersects(y.getBounds()), x + " overlaps " + y);
                }
            }
        }
    }

    private static void collect(Control c, List<Control> out) {
        out.add(c);
        if (c instanceof org.eclipse.swt.widgets.Composite comp) {
            Arrays.stream(comp.getChildren()).forEach(x -> collect(x, out));
        }
    }

    /** Compresses the project's explored graph into a runtime database recorded in the project. */
    static void compress(Project p) {
        Compressor.compress(p, Compressor.Options.defaults().withBasis(BASIS), null);
    }
}
