package org.clothgraph.cloth.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.clothgraph.cloth.CharacterBody;
import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.DressingRun;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.cloth.dressing.DressingController;
import org.clothgraph.cloth.ui.ClothUi;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.SimulationSettings;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.garment.BoundaryLoops;
import org.clothgraph.sim.garment.FeatureLoop;
import org.clothgraph.sim.garment.GarmentFeatures;
import org.clothgraph.testing.LayoutChecks;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: the Dressing view (the action editor) on a small project (the default character and the 700-vertex demo
 * robe; no clips, so that the test stays short) loads a short queue, edits it undoably, runs it from the robe draped in
 * the fitting pose in a job, and the Cloth Preview shows the new run, which the start chooser then offers; and a border
 * loop of a garment without named features is picked with a click in the Cloth Preview and stored as the feature the
 * generated robe has.
 */
class DressingViewTest {
    /** A short hood-up: stand, reach for the hood rim, grip it, carry it forward over the head, let go, wait. */
    static final String QUEUE = """
            {"actions": [
              {"type": "track", "clip": "fitting pose", "duration": 0.3},
              {"type": "align", "hand": "right", "feature": "hood rim", "at": "top", "duration": 0.8},
              {"type": "grip", "hand": "right", "feature": "hood rim", "at": "top", "radius": 0.035},
              {"type": "track", "hand": "right", "duration": 0.6, "keys": [
                {"time": 0.3, "relativeTo": "head", "offset": [0.02, 0.25, -0.1]},
                {"time": 0.6, "relativeTo": "head", "offset": [0.0, 0.15, 0.1]}]},
              {"type": "release", "hand": "right"},
              {"type": "idle", "duration": 0.3}
            ]}
            """;

    @TempDir
    static Path dir;
    private static Project project;

    private final IWorkbench workbench = PlatformUI.getWorkbench();

    @BeforeAll
    static void smallProject() {
        project = Project.create(dir.resolve("p"), "p");
        ProjectGarments.ensureRobe(project, 700);
    }

    @AfterAll
    static void closeProject() {
        PlatformUI.getWorkbench().getService(ProjectSession.class).close();
    }

    @AfterEach
    void restore() {
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        var ref = page.findViewReference(ClothUi.DRESSING_VIEW_ID);
        if (ref != null) {
            page.setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        }
    }

    private Shell openProject() {
        ProjectSession session = workbench.getService(ProjectSession.class);
        if (session.project() != project) {
            session.set(project);
        }
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setBounds(0, 0, 1280, 800);
        return shell;
    }

    @Test
    void theActionEditorRunsAQueueAndTheClothPreviewShowsTheRun() throws Exception {
        Shell shell = openProject();
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        DressingView view = (DressingView) page.showView(ClothUi.DRESSING_VIEW_ID);
        page.setPartState(page.findViewReference(ClothUi.DRESSING_VIEW_ID), IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.settle(300);
        IOperationHistory history = workbench.getOperationSupport().getOperationHistory();

        // a bad queue file: the one line dress prints, nothing loaded
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, QUEUE.replace("\"time\": 0.6", "\"time\": 0.2"));
        String queueBefore = view.queue().toJson();
        assertFalse(view.load(bad));
        String cli = assertThrowsMessage(() -> ActionQueue.read(bad));
        assertEquals(cli, view.statusText());
        assertTrue(view.statusText().endsWith("bad.json:actions[3].keys[1].time: keys must come in increasing time"
                + " after 0 (got 0.2)"), view.statusText());
        assertEquals(queueBefore, view.queue().toJson(), "nothing loaded");

        Path file = dir.resolve("short-hood-up.json");
        Files.writeString(file, QUEUE);
        assertTrue(view.load(file), view.statusText());
        ActionQueue loaded = ActionQueue.read(file);
        assertEquals(loaded.toJson(), view.queue().toJson());
        assertEquals(6, view.table().getItemCount());
        assertEquals("grip", view.table().getItem(2).getText(1));
        assertEquals("hood rim (top)", view.table().getItem(2).getText(3));
        assertEquals("1.10 - 1.70", view.table().getItem(3).getText(4));
        assertEquals("1.10", view.table().getItem(2).getText(4));
        assertEquals("0.60 s, 2 keys", view.table().getItem(3).getText(5));

        // edits are operations in the project's history: add, move, change, remove; undo and redo them
        view.select(5);
        assertTrue(view.add("idle"));
        assertEquals(7, view.queue().actions().size());
        assertTrue(view.move(-1));
        assertEquals("idle", view.queue().actions().get(5).type());
        assertEquals(5, view.table().getSelectionIndex());
        assertFalse(view.apply("{\"type\": \"idle\", \"duration\": -1}"));
        assertTrue(view.statusText().endsWith("short-hood-up.json:actions[5].duration: must be between 0.0 and 60.0"
                + " (got -1.0)"), view.statusText());
        assertTrue(view.apply("{\"type\": \"idle\", \"duration\": 0.5}"), view.statusText());
        assertEquals(0.5, view.queue().actions().get(5).duration());
        history.undo(project.undoContext(), null, null);
        UiWait.until("undo to reach the view", 10_000, () -> view.queue().actions().get(5).duration() == 1.0);
        history.redo(project.undoContext(), null, null);
        UiWait.until("redo to reach the view", 10_000, () -> view.queue().actions().get(5).duration() == 0.5);
        view.select(5);
        assertTrue(view.remove());
        assertEquals(loaded.toJson(), view.queue().toJson(), "removing the added action leaves the loaded queue");
        for (int i = 0; i < 4; i++) {
            history.undo(project.undoContext(), null, null); // remove, change, move, add
        }
        assertEquals(loaded.toJson(), org.clothgraph.cloth.EditedActionQueue.of(project).toJson());
        // the view hears the undos through the model's change notifications
        UiWait.until("the undos to reach the view", 10_000, () -> view.queue().toJson().equals(loaded.toJson()));
        assertEquals(loaded.toJson(), view.queue().toJson(), "undoing every edit leaves the loaded queue");
        assertEquals(6, view.table().getItemCount());
        Path saved = dir.resolve("saved.json");
        assertTrue(view.save(saved));
        assertEquals(loaded.toJson(), ActionQueue.read(saved).toJson());

        // the start: the robe draped in the fitting pose (the project has no runs yet)
        assertEquals(1, view.startEntries().size(), view.startEntries().toString());
        assertTrue(view.chooseStart(null, 0, 0));
        view.select(2);
        LayoutChecks.assertLaidOut(view.root());
        Path before = Screenshots.of(shell, "dressing-editor-before");
        assertTrue(Files.size(before) > 10_000);

        int runsBefore = ClothRun.runs(project).size();
        assertEquals(0, runsBefore);
        long t0 = System.nanoTime();
        OperationJob<DressingRun.Outcome> job = view.run();
        assertNotNull(job, view.statusText());
        UiWait.until("the dressing job", 300_000, () -> !view.busy());
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(JobSnapshot.State.COMPLETED, job.snapshot().state(), job.snapshot().message());
        DressingRun.Outcome outcome = job.snapshot().result();
        assertEquals(runsBefore + 1, ClothRun.runs(project).size());
        ClothRun.Report r = outcome.run();
        assertEquals(r.runId(), ClothRun.runs(project).get(runsBefore).runId());
        assertEquals("dressing: saved.json", r.clips().get(0), "the run names the queue file last saved");
        // the start, then 0.3 + 0.8 + 0.6 + 0.3 s of actions
        long expectedFrames = 1 + Math.round(0.3 * r.fps()) + Math.round(0.8 * r.fps()) + Math.round(0.6 * r.fps())
                + Math.round(0.3 * r.fps());
        assertTrue(r.frames() >= expectedFrames && r.frames() <= expectedFrames + Math.round(0.3 * r.fps()),
                r.frames() + " frames at " + r.fps() + " fps (align may go on for up to 0.3 s)");
        assertTrue(DressingRun.record(project, r.runId()).isPresent(), "the dressing record is stored");
        assertTrue(view.statusText().startsWith(r.runId() + " stored: " + r.frames() + " frames"), view.statusText());

        // the Cloth Preview shows the new run: its frames are the ones in the project's frame store
        ClothPreviewView preview = (ClothPreviewView) page.findView(ClothUi.CLOTH_PREVIEW_VIEW_ID);
        assertNotNull(preview, "Run opens the Cloth Preview");
        UiWait.until("the Cloth Preview to show the dressing run", 60_000, () -> preview.player() != null
                && preview.player().report.runId().equals(r.runId()));
        assertEquals(r.frames(), preview.player().frames());
        for (int f : new int[] { 0, r.frames() / 2, r.frames() - 1 }) {
            assertArrayEquals(project.frames().read(r.firstFrameId() + f).positions(), preview.player().cloth(f),
                    "cloth of frame " + f);
        }
        preview.seek(r.frames() - 1);
        Screenshots.save(preview.capture(), "dressing-cloth-preview-last-frame");
        // the workbench with the run in the preview, at the end of the carry over the head (before Release)
        page.activate(preview);
        page.setPartState(page.findViewReference(ClothUi.CLOTH_PREVIEW_VIEW_ID), IWorkbenchPage.STATE_MAXIMIZED);
        preview.seek((int) Math.round(1.7 * r.fps()));
        UiWait.settle(300);
        org.eclipse.swt.graphics.Point canvas = preview.canvas().getSize();
        Screenshots.of(shell, "dressing-cloth-preview-workbench", preview.canvas(),
                () -> preview.capture(canvas.x & ~3, canvas.y));

        // the start chooser offers the new run and its frames
        UiWait.until("the start chooser to list the run", 10_000, () -> view.startEntries().size() == 2);
        assertTrue(view.chooseStart(r.runId(), r.frames() - 1, 0));
        assertFalse(view.chooseStart(r.runId(), r.frames(), 0), "no frame past the run's end");
        assertTrue(view.chooseStart(null, 0, 0));

        page.activate(view);
        page.setPartState(page.findViewReference(ClothUi.DRESSING_VIEW_ID), IWorkbenchPage.STATE_MAXIMIZED);
        view.select(2);
        LayoutChecks.assertLaidOut(view.root());
        Screenshots.of(shell, "dressing-editor-after");
        System.out.printf(java.util.Locale.ROOT, "dressing job: %d frames in %.1f s%n", r.frames(), seconds);
    }

    /**
     * Cancel stops a long dressing run (60 s of idle: at 700 vertices the first solver ran 20 s of it in about 4 s, as
     * long as the test waits before it cancels) within a second or two and stores nothing.
     */
    @Test
    void aCancelledDressingRunStoresNothing() throws Exception {
        openProject();
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        DressingView view = (DressingView) page.showView(ClothUi.DRESSING_VIEW_ID);
        Path file = dir.resolve("long-idle.json");
        Files.writeString(file, "{\"actions\": [{\"type\": \"idle\", \"duration\": 60}]}");
        assertTrue(view.load(file), view.statusText());
        assertTrue(view.chooseStart(null, 0, 0));
        int runs = ClothRun.runs(project).size();
        long frames = project.frames().count();
        OperationJob<DressingRun.Outcome> job = view.run();
        assertNotNull(job, view.statusText());
        UiWait.settle(4000); // draping, then idling
        long t0 = System.nanoTime();
        view.cancel();
        UiWait.until("the cancelled job to end", 60_000, () -> !view.busy());
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(JobSnapshot.State.CANCELLED, job.snapshot().state());
        assertEquals("Cancelled; nothing was stored.", view.statusText());
        assertEquals(runs, ClothRun.runs(project).size());
        assertEquals(frames, project.frames().count());
        assertTrue(project.check(null).clean(), project.check(null).violations().toString());
        assertTrue(seconds < 3, "stopped " + seconds + " s after Cancel");
        System.out.printf(java.util.Locale.ROOT, "dressing cancelled: stopped %.2f s after Cancel%n", seconds);
    }

    /**
     * A garment with the robe's mesh but no vertex groups (as an imported garment comes): its border loops are
     * unnamed; a click near the hood's face opening in the Cloth Preview picks that border loop, which is stored as
     * "hood rim": the same vertices, in the same order, that the generated robe's "hood rim" feature has.
     */
    @Test
    void clickingABorderEdgePicksItsLoopAndStoresItAsAFeature() throws Exception {
        Shell shell = openProject();
        GarmentInfo robe = ProjectGarments.find(project, ProjectGarments.ROBE);
        ClothMesh robeMesh = ProjectGarments.mesh(project, robe);
        Body rest = ProjectGarments.restBody(project);
        ProjectGarments.add(project, "plain robe", new ClothMesh("plain robe", robeMesh.restPositions(),
                robeMesh.materialCoords(), robeMesh.triangles(), Map.of()), Material.defaults());
        FeatureLoop robeRim = GarmentFeatures.named(GarmentFeatures.of(robeMesh, rest), "hood rim");
        assertNotNull(robeRim);
        // the loop to pick, found apart from the picker: the border loop lying on the generated robe's hood_rim group
        List<Integer> rimGroup = Arrays.stream(robeMesh.group("hood_rim")).boxed().toList();
        int[] target = BoundaryLoops.of(robeMesh).stream().filter(l -> Arrays.stream(l).allMatch(rimGroup::contains))
                .findFirst().orElseThrow();

        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        ClothPreviewView view = (ClothPreviewView) page.showView(ClothUi.CLOTH_PREVIEW_VIEW_ID);
        page.setPartState(page.findViewReference(ClothUi.CLOTH_PREVIEW_VIEW_ID), IWorkbenchPage.STATE_MAXIMIZED);
        view.showPlacement("plain robe");
        UiWait.until("the plain robe to show", 60_000, () -> view.shown() instanceof PlacementPlayer p
                && p.garment().name().equals("plain robe"));
        assertNull(GarmentFeatures.named(GarmentFeatures.of(view.shown().mesh(), rest), "hood rim"),
                "no loop of the plain robe is named yet");
        view.renderer().orbit(0, Math.toRadians(8), 3.0); // in front of the character
        view.seek(0);
        UiWait.settle(300);

        // click 3 pixels off the middle of the rim's front-most border edge
        org.eclipse.swt.graphics.Point size = view.canvas().getSize();
        float[] x = view.shown().cloth(0);
        double[] best = null;
        double[] mid = null;
        for (int i = 0; i < target.length; i++) {
            int a = target[i], b = target[(i + 1) % target.length];
            double[] m = { (x[3 * a] + x[3 * b]) / 2, (x[3 * a + 1] + x[3 * b + 1]) / 2, (x[3 * a + 2] + x[3 * b + 2]) / 2 };
            double[] p = view.renderer().toScreen(view.scene(), size.x, size.y, m[0], m[1], m[2]);
            if (p != null && (best == null || p[2] < best[2])) {
                best = p;
                mid = m;
            }
        }
        assertNotNull(best);
        assertTrue(best[0] > 10 && best[0] < size.x - 10 && best[1] > 10 && best[1] < size.y - 10,
                "the rim is in view: " + Arrays.toString(best) + " of " + size);
        view.setPicking(true);
        click(view, (int) Math.round(best[0]) + 3, (int) Math.round(best[1]));
        assertNotNull(view.picked(), "a click next to the rim picks a loop");
        assertArrayEquals(sorted(target), sorted(view.picked()), "the picked loop is the rim's border loop");
        // the picture agrees with the projection: the picked loop is painted where the click was
        int w4 = size.x & ~3; // offscreen captures a width of whole words
        ImageData shot = view.capture(w4, size.y);
        Screenshots.save(shot, "cloth-preview-picked-loop");
        double[] drawn = view.renderer().toScreen(view.scene(), w4, size.y, mid[0], mid[1], mid[2]);
        assertTrue(highlightNear(shot, (int) Math.round(drawn[0]), (int) Math.round(drawn[1]), 4),
                "the picked loop is painted at the click " + Arrays.toString(drawn) + ": "
                        + colours(shot, (int) Math.round(drawn[0]), (int) Math.round(drawn[1]), 4));
        Screenshots.of(shell, "cloth-preview-picking-workbench", view.canvas(), () -> view.capture(w4, size.y));

        // a click far from any border picks nothing
        click(view, 5, 5);
        assertNull(view.picked());
        click(view, (int) Math.round(best[0]) + 3, (int) Math.round(best[1]));

        String refused = view.storePicked("hood/rim");
        assertTrue(refused != null && refused.endsWith("use 1 to 40 letters, digits and spaces (got 'hood/rim')"),
                refused);
        assertNull(view.storePicked("Hood Rim"), "stored");
        GarmentInfo plain = ProjectGarments.find(project, "plain robe");
        assertArrayEquals(target, plain.vertexGroups().get("hood_rim"), "stored as the robe stores it: a vertex group"
                + " of the loop's vertices in border order");
        FeatureLoop stored = GarmentFeatures.named(GarmentFeatures.of(ProjectGarments.mesh(project, plain), rest),
                "hood rim");
        assertNotNull(stored);
        assertArrayEquals(robeRim.vertices(), stored.vertices(), "the same feature as the generated robe's");
        assertArrayEquals(robeRim.centre(), stored.centre(), 1e-9);
        UiWait.until("the preview to list the new feature", 10_000, () -> view.panel().featureNames()
                .contains("hood rim"));
        // the dressing core takes it: a queue naming it validates on the plain robe
        new DressingController(ProjectGarments.mesh(project, plain), Material.defaults(), SimulationSettings.defaults(),
                CharacterBody.of(ProjectCharacter.skeleton(project)), null, "q").validate(ActionQueue.parse("q", QUEUE));
        // a second store of the same name is refused, one line (once the preview has read the garment again)
        UiWait.settle(1500);
        click(view, (int) Math.round(best[0]) + 3, (int) Math.round(best[1]));
        String again = view.storePicked("hood rim");
        assertTrue(again != null && again.contains("exists already"), again);
        view.panel().selectGroup(ClothPanel.LOOP + "hood rim");
        view.setPicking(false);
        Screenshots.save(view.capture(w4, size.y), "cloth-preview-stored-feature");

        // undo and redo through the workbench's history
        IOperationHistory history = workbench.getOperationSupport().getOperationHistory();
        assertTrue(history.undo(project.undoContext(), null, null).isOK());
        assertFalse(ProjectGarments.find(project, "plain robe").vertexGroups().containsKey("hood_rim"));
        UiWait.until("the preview to drop the feature", 10_000, () -> !view.panel().featureNames().contains("hood rim"));
        var redone = history.redo(project.undoContext(), null, null);
        assertTrue(redone.isOK(), redone.toString());
        assertArrayEquals(target, ProjectGarments.find(project, "plain robe").vertexGroups().get("hood_rim"));
    }

    private static void click(ClothPreviewView view, int x, int y) {
        for (int type : new int[] { SWT.MouseDown, SWT.MouseUp }) {
            Event e = new Event();
            e.x = x;
            e.y = y;
            e.button = 1;
            view.canvas().notifyListeners(type, e);
        }
    }

    private static int[] sorted(int[] a) {
        int[] s = a.clone();
        Arrays.sort(s);
        return s;
    }

    /** A pixel of the highlight's hue (yellow-orange: red and green well above blue) within r pixels. */
    private static boolean highlightNear(ImageData image, int cx, int cy, int r) {
        for (int y = Math.max(0, cy - r); y <= Math.min(image.height - 1, cy + r); y++) {
            for (int x = Math.max(0, cx - r); x <= Math.min(image.width - 1, cx + r); x++) {
                RGB c = image.palette.getRGB(image.getPixel(x, y));
                if (c.red > c.blue + 60 && c.green > c.blue + 30) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String colours(ImageData image, int cx, int cy, int r) {
        StringBuilder b = new StringBuilder();
        for (int y = Math.max(0, cy - r); y <= Math.min(image.height - 1, cy + r); y += 3) {
            for (int x = Math.max(0, cx - r); x <= Math.min(image.width - 1, cx + r); x += 3) {
                RGB c = image.palette.getRGB(image.getPixel(x, y));
                b.append(c.red).append('/').append(c.green).append('/').append(c.blue).append(' ');
            }
        }
        return b.toString();
    }

    private static String assertThrowsMessage(Runnable r) {
        try {
            r.run();
        } catch (InvalidInputException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error");
    }
}
