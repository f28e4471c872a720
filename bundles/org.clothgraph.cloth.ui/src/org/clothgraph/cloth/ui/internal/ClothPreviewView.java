package org.clothgraph.cloth.ui.internal;

import java.util.EnumSet;
import java.util.List;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.ui.gl.ClothCanvases;
import org.clothgraph.cloth.ui.gl.ClothRenderer;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.cloth.ui.gl.GlContext;
import org.clothgraph.model.Aspect;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.ui.BackgroundLoad;
import org.clothgraph.ui.ProjectSession;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;

/**
 * OpenGL preview of a simulated run: the cloth on the character body, played at the run's frame rate
 * (paced by timerExec, paused while hidden), orbit with the mouse, zoom with the wheel. The side
 * panel lists runs, the garment's material and vertex groups and feature loops (the selected one is painted) and the
 * classifier result (hood up/down) of the current frame. It also plays an explored path of the secondary
 * graph, marking the frames where a merge is being blended, and shows a garment as placed on the character before any
 * simulation (from the Garments dialog). With Pick Loop on, a click near a border edge of the garment picks its border
 * loop (painted), which Store Feature names as a garment feature: an undoable edit of the project, after which the loop
 * is listed and dressing actions can name it, as they name the generated robe's features.
 */
public final class ClothPreviewView extends ViewPart {
    private static final float[] UP_COLOR = { 0.25f, 0.45f, 0.8f };
    private static final float[] DOWN_COLOR = { 0.85f, 0.4f, 0.25f };
    private GlContext gl;
    private GLCanvas canvas;
    private final ClothRenderer renderer = new ClothRenderer();
    private ClothPanel panel;
    private ProjectTracker tracker;
    private PreviewPlayer player;
    private ClothScene scene;
    private int frame;
    private int knownRuns;
    private BackgroundLoad<Project, Listing> listing;
    private BackgroundLoad<RunPlayer.Request, Loaded> runLoad;
    private BackgroundLoad<PlacementPlayer.Request, Loaded> placementLoad;
    /** A run was asked for and is being read (UI thread). */
    private boolean runLoading;
    private boolean playing;
    private final Runnable tick = this::tick;
    /** Clicks pick border loops (the panel's Pick Loop button). */
    private boolean picking;
    private LoopPicker picker;
    /** The loop picked last (null: none). */
    private int[] picked;

    @Override
    public void createPartControl(Composite parent) {
        SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
        gl = new GlContext(sash);
        canvas = gl.canvas();
        canvas.addListener(SWT.Paint, e -> gl.paint((w, h) -> renderer.render(scene, w, h)));
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        ClothCanvases.orbitWithMouse(canvas, renderer);
        int[] down = new int[2];
        canvas.addListener(SWT.MouseDown, e -> {
            down[0] = e.x;
            down[1] = e.y;
        });
        canvas.addListener(SWT.MouseUp, e -> {
            if (picking && e.button == 1 && Math.abs(e.x - down[0]) + Math.abs(e.y - down[1]) <= 4) {
                pickAt(e.x, e.y); // a click, not an orbiting drag
            }
        });
        canvas.addDisposeListener(e -> stop());
        panel = new ClothPanel(sash, this);
        sash.setWeights(72, 28);
        listing = new BackgroundLoad<>(canvas, "Reading the simulation runs", project -> new Listing(
                ClothRun.runs(project), !project.secondary().liveStatesByClass().isEmpty()), this::showListing,
                (project, e) -> panel.setMessage(e.getMessage()));
        runLoad = new BackgroundLoad<>(canvas, "Reading a simulation run", r -> Loaded.of(RunPlayer.load(r)), (run, loaded) -> {
            runLoading = false;
            showLoaded(loaded);
        }, (run, e) -> {
            runLoading = false;
            scene = null;
            panel.setMessage(e.getMessage());
            canvas.redraw();
        });
        placementLoad = new BackgroundLoad<>(canvas, "Reading a garment", r -> Loaded.of(PlacementPlayer.load(r)),
                (request, loaded) -> {
            if (tracker.project() == request.project()) {
                showLoaded(loaded);
            }
        }, (request, e) -> panel.setMessage(e.getMessage()));
        tracker = new ProjectTracker(getViewSite(), canvas, EnumSet.of(Aspect.SETTINGS, Aspect.GARMENTS,
                Aspect.PRIMARY_GRAPH, Aspect.SECONDARY_GRAPH),
                (project, changed, switched) -> refresh(project, changed, switched));
        tracker.flush();
    }

    /** The side panel (tests). */
    ClothPanel panel() {
        return panel;
    }

    ProjectSession session() {
        return tracker.session();
    }

    /** The simulated run shown (null when none, or when an explored path is shown). */
    RunPlayer player() {
        return player instanceof RunPlayer run ? run : null;
    }

    /** What is shown: a run, an explored path or a garment's placement (null: nothing). */
    PreviewPlayer shown() {
        return player;
    }

    int frame() {
        return frame;
    }

    boolean isPlaying() {
        return playing;
    }

    /** What the side panel lists: the project's runs and whether it has an explored graph to walk. */
    private record Listing(List<ClothRun.Report> runs, boolean explored) {
    }

    /** Re-reads the run list in a job (keeping the shown run when it still exists). */
    private void refresh(Project project, java.util.Set<Aspect> changed, boolean switched) {
        if (switched) {
            stop();
            player = null;
            scene = null;
            knownRuns = 0;
        }
        if (!switched && project != null && player instanceof PlacementPlayer placed) {
            // its placement may have been changed or undone: read it again, or clear it when the garment is gone
            String name = placed.garment().name();
            if (project.garments().stream().anyMatch(g -> g.name().equals(name))) {
                showPlacement(name);
            } else {
                player = null;
                scene = null;
                panel.setMessage(name + " was removed from the project");
            }
        }
        if (!switched && project != null && changed.contains(Aspect.GARMENTS) && player != null) {
            refreshGroups(project); // a feature loop was stored (or its storing undone)
        }
        if (project == null) {
            panel.setRuns(List.of(), null);
            panel.setExploredPath(false, false);
            canvas.redraw();
            return;
        }
        listing.request(project);
    }

    private void showListing(Project project, Listing listing) {
        if (tracker.project() != project) {
            return;
        }
        List<ClothRun.Report> runs = listing.runs();
        // a run that just finished is what the user wants to see
        boolean newRun = runs.size() > knownRuns;
        knownRuns = runs.size();
        String selected = newRun || !(player instanceof RunPlayer run) ? null : run.report.runId();
        panel.setRuns(runs, selected);
        panel.setExploredPath(listing.explored(), player instanceof ExploredPathPlayer);
        if ((player == null && !runLoading || newRun) && !runs.isEmpty()) {
            show(runs.get(runs.size() - 1));
        }
        canvas.redraw();
    }

    /** Shows a run from its first frame, once its mesh, motion and body are read (in a job). */
    void show(ClothRun.Report run) {
        Project project = tracker.project();
        if (project == null) {
            return;
        }
        stop();
        player = null;
        runLoading = true;
        panel.setMessage("Reading " + run.runId() + "...");
        runLoad.request(new RunPlayer.Request(project, run));
    }

    /** Shows a garment as placed on the character before any simulation, once it is read (in a job). */
    void showPlacement(String garment) {
        Project project = tracker.project();
        if (project == null) {
            return;
        }
        stop();
        placementLoad.request(new PlacementPlayer.Request(project, garment));
    }

    /** Shows a player read in a job from its first frame, with the scene made there when nothing is highlighted. */
    private void showLoaded(Loaded loaded) {
        showPlayer(loaded.player());
        if (loaded.first() != null && panel.highlightedGroup() == null) {
            frame = 0;
            scene = loaded.first();
            showFrame(loaded.firstClass());
        } else {
            seek(0);
        }
    }

    private void showPlayer(PreviewPlayer loaded) {
        player = loaded;
        picked = null;
        picker = null;
        panel.setGarment(player.garment(), player.mesh(), player.bindPose());
    }

    /** Shows an explored path from its first frame. */
    private void showLoaded(PreviewPlayer loaded) {
        showPlayer(loaded);
        seek(0);
    }

    /**
     * Walks the explored secondary graph from its initial state in a job (seeded controller, merges blended) and
     * shows the path when it is ready.
     */
    void showExploredPath(long seed) {
        Project project = tracker.project();
        if (project == null) {
            return;
        }
        stop();
        panel.setMessage("Walking the secondary cloth graph (seed " + seed + ")...");
        org.eclipse.swt.widgets.Display display = canvas.getDisplay();
        OperationJob<ExploredPathPlayer> job = ExploredPathPlayer.schedule(project, seed);
        job.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                if (display.isDisposed()) {
                    return;
                }
                display.asyncExec(() -> {
                    if (canvas.isDisposed() || tracker.project() != project) {
                        return;
                    }
                    JobSnapshot<ExploredPathPlayer> s = job.snapshot();
                    if (s.state() == JobSnapshot.State.COMPLETED) {
                        panel.setExploredPath(true, true);
                        showLoaded(s.result());
                    } else if (s.state() == JobSnapshot.State.FAILED) {
                        panel.setMessage(s.message());
                    }
                });
            }
        });
    }

    /**
     * Plays an explored path built elsewhere (the Secondary Graph view's "how did we get here") from its first frame.
     */
    public void play(org.clothgraph.explore.ExploredPath path, String description) {
        stop();
        showLoaded(new ExploredPathPlayer(path, -1));
        panel.setMessage(description);
        play();
    }

    /** The frame shown (null before a run is loaded). */
    ClothScene scene() {
        return scene;
    }

    /** Shows one frame. */
    void seek(int f) {
        if (player == null) {
            return;
        }
        frame = Math.max(0, Math.min(player.frames() - 1, f));
        String cls = player.classOf(frame);
        scene = scene(player, frame, cls, panel.highlightedGroup());
        showFrame(cls);
    }

    /** A frame's scene: the cloth in its hood state's colour, the body's skinned surface posed (any thread). */
    private static ClothScene scene(PreviewPlayer p, int f, String cls, int[] highlight) {
        return new ClothScene(p.mesh(), p.cloth(f), p.body(f), p.bindPose(), highlight,
                "DOWN".equals(cls) ? DOWN_COLOR : UP_COLOR);
    }

    /**
     * A player read in a job with its first frame's scene made there too (the body's surface posed, the normals),
     * so that showing a run the moment it is read costs the UI thread nothing but the drawing.
     */
    record Loaded(PreviewPlayer player, ClothScene first, String firstClass) {
        static Loaded of(PreviewPlayer p) {
            String cls = p.frames() > 0 ? p.classOf(0) : "";
            return new Loaded(p, p.frames() > 0 ? scene(p, 0, cls, null) : null, cls);
        }
    }

    private void showFrame(String cls) {
        panel.setFrame(frame, player.frames(), cls, player.decision(frame));
        panel.setNote(player.note(frame));
        canvas.redraw();
    }

    void play() {
        if (player == null) {
            return;
        }
        if (frame >= player.frames() - 1) {
            seek(0);
        }
        playing = true;
        panel.setPlaying(true);
        canvas.getDisplay().timerExec(frameMillis(), tick);
    }

    void stop() {
        playing = false;
        if (panel != null) {
            panel.setPlaying(false);
        }
        if (canvas != null && !canvas.isDisposed()) {
            canvas.getDisplay().timerExec(-1, tick);
        }
    }

    private int frameMillis() {
        return (int) Math.round(1000 / (player == null ? 30 : player.fps()));
    }

    private void tick() {
        if (!playing || canvas.isDisposed() || player == null) {
            return;
        }
        if (!canvas.isVisible()) {
            stop(); // paused while hidden
            return;
        }
        if (frame + 1 >= player.frames()) {
            stop();
            return;
        }
        seek(frame + 1);
        canvas.getDisplay().timerExec(frameMillis(), tick);
    }

    /** Renders the current frame offscreen at 800 x 600 (screenshots of the GL content). */
    ImageData capture() {
        return capture(800, 600);
    }

    ImageData capture(int w, int h) {
        gl.makeCurrent();
        return renderer.captureImage(scene, w, h);
    }

    /** Turns loop picking on or off (the panel's Pick Loop button). */
    void setPicking(boolean on) {
        picking = on;
        panel.setPicking(on);
        canvas.setCursor(on ? canvas.getDisplay().getSystemCursor(SWT.CURSOR_CROSS) : null);
    }

    boolean isPicking() {
        return picking;
    }

    /** The picked border loop's vertices in border order (null: none). */
    int[] picked() {
        return picked;
    }

    GLCanvas canvas() {
        return canvas;
    }

    /** The renderer (tests find where a vertex is drawn with its {@link ClothRenderer#toScreen}). */
    ClothRenderer renderer() {
        return renderer;
    }

    /** What a click at (x, y) of the canvas picks, with picking on: the border loop there, painted, or nothing. */
    int[] pickAt(int x, int y) {
        if (player == null || scene == null) {
            return null;
        }
        if (picker == null || picker.mesh() != player.mesh()) {
            picker = new LoopPicker(player.mesh());
        }
        org.eclipse.swt.graphics.Point size = canvas.getSize();
        picked = picker.pick(renderer, scene, player.cloth(frame), size.x, size.y, x, y);
        panel.setPicked(picked);
        seek(frame);
        return picked;
    }

    /**
     * Stores the picked loop as a feature of the shown garment under {@code name}, an undoable operation in the
     * workbench's history; returns the one-line error when refused (null: stored).
     */
    String storePicked(String name) {
        Project project = tracker.project();
        if (project == null || player == null || picked == null) {
            return "pick a border loop first";
        }
        try {
            var op = new org.clothgraph.cloth.StoreFeatureLoopOperation(project, player.garment().name(), name, picked);
            op.check(); // refused here: a failing operation would prune the project's undo history
            var status = getSite().getWorkbenchWindow().getWorkbench().getOperationSupport().getOperationHistory()
                    .execute(op, null, null);
            if (!status.isOK()) {
                return status.getMessage();
            }
        } catch (org.clothgraph.model.InvalidInputException e) {
            return e.getMessage();
        } catch (org.eclipse.core.commands.ExecutionException e) {
            return e.getCause() instanceof org.clothgraph.model.InvalidInputException in ? in.getMessage()
                    : String.valueOf(e.getMessage());
        }
        picked = null;
        panel.setPicked(null);
        refreshGroups(project);
        return null;
    }

    /** Reads the shown garment's vertex groups again (a feature loop stored or removed) and lists its loops anew. */
    private void refreshGroups(Project project) {
        org.clothgraph.model.GarmentInfo g = org.clothgraph.cloth.ProjectGarments.find(project, player.garment().name());
        if (g == null) {
            return;
        }
        org.clothgraph.sim.ClothMesh m = player.mesh();
        String selected = panel.selectedItemName();
        panel.setGarment(g, new org.clothgraph.sim.ClothMesh(m.name(), m.restPositions(), m.materialCoords(),
                m.triangles(), g.vertexGroups()), player.bindPose());
        if (selected != null) {
            panel.selectItem(selected);
        }
        seek(frame);
    }

    @Override
    public void setFocus() {
        canvas.setFocus();
    }

}
