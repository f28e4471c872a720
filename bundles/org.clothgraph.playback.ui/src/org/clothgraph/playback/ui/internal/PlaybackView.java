package org.clothgraph.playback.ui.internal;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

import org.clothgraph.cloth.ui.gl.ClothCanvases;
import org.clothgraph.cloth.ui.gl.ClothRenderer;
import org.clothgraph.cloth.ui.gl.ClothScene;
import org.clothgraph.cloth.ui.gl.GlContext;
import org.clothgraph.model.Aspect;
import org.clothgraph.model.CompressedDatabaseInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.JobSnapshot;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.playback.PlaybackCharacter;
import org.clothgraph.playback.ProjectDatabases;
import org.clothgraph.playback.WalkPoser;
import org.clothgraph.runtime.Choice;
import org.clothgraph.runtime.Controller;
import org.clothgraph.runtime.PlaybackFrame;
import org.clothgraph.runtime.RandomController;
import org.clothgraph.sim.body.Body;
import org.clothgraph.ui.ProjectTracker;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.opengl.GLCanvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.part.ViewPart;

/**
 * Real-time playback of a runtime database (Kim et al. 2013, section 5.2): the character walks the primary graph,
 * a random controller or the user choosing the next motion at branch points, and the cloth of each frame is decoded
 * from the compressed basis and drawn on the character's skinned body (the Cloth Preview's renderer, the body
 * slightly shrunk and pushed back in depth against z-fighting). Frames are paced by {@code Display.timerExec} and
 * paused while the view is hidden; opening a database is a job.
 */
public final class PlaybackView extends ViewPart {
    /** Seed of the random walk (Reset starts the same walk again). */
    static final long SEED = 1;
    /** How far the body is drawn inside its surface, m. */
    static final double BODY_INSET = 0.004;
    private static final float[] UP_COLOR = { 0.25f, 0.45f, 0.8f };
    private static final float[] DOWN_COLOR = { 0.85f, 0.4f, 0.25f };

    /** One frame of the path played: enough to tell two paths apart. */
    record Visit(int state, long primaryNode, String clip, int clipFrame, String hood) {
    }

    private GlContext gl;
    private GLCanvas canvas;
    private final ClothRenderer renderer = new ClothRenderer();
    private PlaybackPanel panel;
    private ProjectTracker tracker;
    private final List<CompressedDatabaseInfo> recorded = new ArrayList<>();
    private OpenedDatabase opened;
    private OperationJob<OpenedDatabase> opening;
    private Controller controller = new RandomController(SEED);
    private boolean randomWalk = true;
    private boolean playing;
    private boolean waiting;
    private boolean hidden;
    private WalkPoser poser;
    private GpuCloth gpuCloth;
    private boolean gpu;
    private PlaybackFrame frame;
    private Body lastBody;
    private ClothScene scene;
    private final List<Visit> path = new ArrayList<>();
    private final FrameRate rate = new FrameRate();
    private long nextDue;
    private final Runnable tick = this::tick;
    private final IPartListener2 visibility = new IPartListener2() {
        @Override
        public void partHidden(IWorkbenchPartReference ref) {
            if (ref.getPart(false) == PlaybackView.this) {
                hidden = true;
            }
        }

        @Override
        public void partVisible(IWorkbenchPartReference ref) {
            if (ref.getPart(false) == PlaybackView.this && hidden) {
                hidden = false;
                if (playing && !waiting) {
                    schedule(1);
                }
            }
        }
    };

    @Override
    public void createPartControl(Composite parent) {
        SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
        gl = new GlContext(sash);
        canvas = gl.canvas();
        renderer.offsetBody(BODY_INSET);
        canvas.addListener(SWT.Paint, e -> gl.paint((w, h) -> renderer.render(scene, w, h)));
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        canvas.addListener(SWT.KeyDown, e -> key(e.character, e.keyCode));
        canvas.addListener(SWT.MouseDown, e -> canvas.setFocus());
        ClothCanvases.orbitWithMouse(canvas, renderer);
        canvas.addDisposeListener(e -> disposeGl());
        panel = new PlaybackPanel(sash, this);
        panel.control().addListener(SWT.KeyDown, e -> key(e.character, e.keyCode));
        sash.setWeights(70, 30);
        getSite().getPage().addPartListener(visibility);
        tracker = new ProjectTracker(getViewSite(), canvas, EnumSet.of(Aspect.DATABASES, Aspect.PRIMARY_GRAPH),
                (project, changed, switched) -> refresh(project, changed.contains(Aspect.DATABASES), switched));
        tracker.flush();
    }

    // ---- what is shown (tests read these) ------------------------------------------------------------

    OpenedDatabase opened() {
        return opened;
    }

    PlaybackFrame frame() {
        return frame;
    }

    ClothScene scene() {
        return scene;
    }

    private final CompressionActions compression = new CompressionActions(this);

    CompressionActions compression() {
        return compression;
    }

    Project project() {
        return tracker.project();
    }

    /** The name of the recorded database chosen in the list (null: none). */
    String selectedDatabase() {
        int i = panel.databases.getSelectionIndex();
        return i >= 0 && i < recorded.size() ? recorded.get(i).name() : null;
    }

    PlaybackPanel panel() {
        return panel;
    }

    /** The frames shown since the database was opened or reset, oldest first. */
    List<Visit> path() {
        return List.copyOf(path);
    }

    boolean isPlaying() {
        return playing;
    }

    /** True while playback holds at a branch point for the user's choice. */
    boolean isWaiting() {
        return waiting;
    }

    // ---- the project's databases -------------------------------------------------------------------

    private void refresh(Project project, boolean databasesChanged, boolean switched) {
        if (switched) {
            close();
            panel.setMessage(project == null ? "No project open." : "");
        }
        if (!switched && !databasesChanged) {
            return;
        }
        int before = recorded.size();
        recorded.clear();
        if (project != null) {
            recorded.addAll(project.databases());
        }
        List<String> names = new ArrayList<>();
        for (CompressedDatabaseInfo d : recorded) {
            names.add(String.format(Locale.ROOT, "%s: %d basis vectors, %.1f MB", d.name(), d.basisVectors(),
                    d.bytes() / 1e6));
        }
        panel.setDatabases(names, recorded.size() - 1);
        if (project != null && recorded.isEmpty()) {
            panel.setMessage("No compressed database in this project yet: compress the explored graph first"
                    + " (clothgraph compress), or Open... a database file.");
        } else if (project != null && (opened == null && opening == null || recorded.size() > before)) {
            // the newest database is what the user wants to see
            openRecorded(project, recorded.get(recorded.size() - 1));
        }
    }

    /** Opens a database the project records; a reference out of the project folder is refused in the view. */
    private void openRecorded(Project project, CompressedDatabaseInfo info) {
        Path file;
        try {
            file = ProjectDatabases.file(project, info);
        } catch (InvalidInputException e) {
            panel.setMessage(e.getMessage());
            return;
        }
        open(file);
    }

    /** Opens the database selected in the list. */
    void openSelected() {
        Project project = tracker.project();
        int i = panel.databases.getSelectionIndex();
        if (project != null && i >= 0 && i < recorded.size()) {
            openRecorded(project, recorded.get(i));
        }
    }

    /** Lets the user pick a database file. */
    void openFile() {
        FileDialog d = new FileDialog(canvas.getShell(), SWT.OPEN);
        d.setText("Open a runtime database");
        Project project = tracker.project();
        if (project != null) {
            d.setFilterPath(project.folder().resolve("databases").toString());
        }
        String file = d.open();
        if (file != null) {
            open(Path.of(file));
        }
    }

    /** Opens a database file in a job and plays it from its initial state when it is ready. */
    void open(Path file) {
        Project project = tracker.project();
        if (project == null) {
            return;
        }
        close();
        panel.setMessage("Opening " + file.getFileName() + "...");
        Display display = canvas.getDisplay();
        OperationJob<OpenedDatabase> job = OpenedDatabase.schedule(project, file);
        opening = job;
        job.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                if (display.isDisposed()) {
                    discard(job);
                    return;
                }
                display.asyncExec(() -> opened(job, project));
            }
        });
    }

    private void opened(OperationJob<OpenedDatabase> job, Project project) {
        if (canvas.isDisposed() || opening != job || tracker.project() != project) {
            discard(job);
            return;
        }
        opening = null;
        JobSnapshot<OpenedDatabase> s = job.snapshot();
        if (s.state() != JobSnapshot.State.COMPLETED) {
            panel.setMessage(s.state() == JobSnapshot.State.FAILED ? s.message() : "Opening was cancelled.");
            return;
        }
        OpenedDatabase o = s.result();
        if (!o.ok()) {
            panel.setMessage(o.error);
            o.close();
            return;
        }
        opened = o;
        if (gpu && !startGpu()) {
            gpu = false;
        }
        panel.setMessage(String.format(Locale.ROOT, "%s: %s, %,d vertices, %,d states, basis of %d vectors;"
                + " %.1f MB on disk, %.1f MB in memory.", o.file.getFileName(), o.db.garmentName(), o.db.vertexCount(),
                o.db.stateCount(), o.db.basisSize(), o.db.fileBytes() / 1e6, o.db.runtimeBytes() / 1e6));
        reset();
    }

    private static void discard(OperationJob<OpenedDatabase> job) {
        JobSnapshot<OpenedDatabase> s = job.snapshot();
        if (s.state() == JobSnapshot.State.COMPLETED && s.result() != null) {
            s.result().close();
        }
    }

    private void close() {
        stop();
        opening = null;
        disposeGpu();
        if (opened != null) {
            opened.close();
            opened = null;
        }
        frame = null;
        scene = null;
        path.clear();
        if (canvas != null && !canvas.isDisposed()) {
            canvas.redraw();
        }
    }

    // ---- playing -------------------------------------------------------------------------------------

    void togglePlay() {
        if (playing) {
            stop();
        } else {
            play();
        }
    }

    void play() {
        if (opened == null) {
            return;
        }
        playing = true;
        waiting = false;
        panel.setPlaying(true);
        rate.restart();
        schedule(1);
    }

    void stop() {
        playing = false;
        waiting = false;
        if (panel != null) {
            panel.setPlaying(false);
        }
        if (canvas != null && !canvas.isDisposed()) {
            canvas.getDisplay().timerExec(-1, tick);
        }
        if (opened != null && frame != null) {
            showChoices();
        }
    }

    /** Decodes one frame: the random controller's choice, the only way on, or (at a branch point) waits. */
    void step() {
        if (opened == null) {
            return;
        }
        int choice = nextChoice();
        if (choice >= 0) {
            advance(choice);
        }
    }

    /** Follows outgoing primary edge {@code index} of the frame shown (a button or key 1-9). */
    void choose(int index) {
        if (opened == null || index < 0 || index >= opened.player.choices().size()) {
            return;
        }
        waiting = false;
        advance(index);
        if (playing) {
            schedule(frameMillis());
        }
    }

    /** Back to the database's initial state; the random walk starts again from its seed. */
    void reset() {
        if (opened == null) {
            return;
        }
        boolean was = playing;
        stop();
        controller = new RandomController(SEED);
        path.clear();
        opened.player.reset();
        poser = new WalkPoser(opened.character);
        PlaybackFrame first = opened.player.current();
        try {
            show(first, poser.start(first));
        } catch (InvalidInputException e) {
            panel.setMessage(e.getMessage());
            return;
        }
        if (was) {
            play();
        }
    }

    void setRandomWalk(boolean random) {
        randomWalk = random;
        panel.random.setSelection(random);
        panel.choose.setSelection(!random);
        if (random && waiting && playing) {
            waiting = false;
            schedule(1);
        }
        if (frame != null) {
            showChoices();
        }
    }

    /**
     * Switches between the CPU decoder and the GPU decode path (the basis in a texture buffer, reconstruction in the
     * vertex shader); where the GL version cannot, it says why and stays on the CPU.
     */
    void setGpu(boolean on) {
        gpu = on;
        if (opened != null) {
            if (on && gpuCloth == null && !startGpu()) {
                gpu = false;
            } else if (!on) {
                disposeGpu();
            }
            if (frame != null) {
                path.remove(path.size() - 1);
                show(frame, lastBody);
            }
        }
        panel.gpu.setSelection(gpu);
    }

    boolean usesGpu() {
        return gpuCloth != null;
    }

    private boolean startGpu() {
        gl.makeCurrent();
        String why = GpuCloth.unsupported(gl.capabilities(), opened.db);
        if (why == null) {
            try {
                gpuCloth = new GpuCloth(opened.db);
            } catch (IllegalStateException e) {
                why = e.getMessage();
            }
        }
        if (why != null) {
            panel.setMessage("Decoding on the CPU: " + why + ".");
            return false;
        }
        opened.player.decodePositions(false);
        renderer.clothDrawer(gpuCloth::draw);
        return true;
    }

    private void disposeGpu() {
        if (gpuCloth == null) {
            return;
        }
        if (gl.makeCurrent()) {
            gpuCloth.dispose();
        }
        gpuCloth = null;
        renderer.clothDrawer(null);
        if (opened != null) {
            opened.player.decodePositions(true);
        }
    }

    /** The frame with its positions: decoded on the CPU now when the player left them to the GPU. */
    private PlaybackFrame withPositions(PlaybackFrame f) {
        if (f.positions().length > 0) {
            return f;
        }
        float[] p = new float[3 * opened.db.vertexCount()];
        opened.db.basis().decode(opened.player.coefficients(), p);
        return new PlaybackFrame(f.state(), f.primaryNode(), f.clip(), f.clipFrame(), f.classLabel(), p, f.rootYaw(),
                f.rootX(), f.rootZ(), f.errorBoundMm(), f.decodeNanos(), f.mergeCrossed());
    }

    /** The choice to follow now, or -1 when there is none or the user must choose (then playback waits). */
    private int nextChoice() {
        List<Choice> choices = opened.player.choices();
        if (choices.isEmpty()) {
            panel.setMessage("The walk reached a frame without a way on.");
            stop();
            return -1;
        }
        if (randomWalk) {
            return controller.choose(opened.player);
        }
        if (choices.size() == 1) {
            return 0;
        }
        waiting = true;
        showChoices();
        return -1;
    }

    private void advance(int choice) {
        try {
            Choice taken = opened.player.choices().get(choice);
            PlaybackFrame f = opened.player.advance(choice);
            show(f, poser.next(taken, f));
        } catch (UncheckedIOException | InvalidInputException | IllegalStateException e) {
            // a coefficient block found corrupt while decoding, or a node the project's graph no longer has
            stop();
            panel.setMessage("Playback stopped: " + (e instanceof UncheckedIOException u ? u.getCause() : e)
                    .getMessage());
        }
    }

    private void schedule(int millis) {
        if (!canvas.isDisposed()) {
            nextDue = System.nanoTime() + millis * 1_000_000L;
            canvas.getDisplay().timerExec(Math.max(1, millis), tick);
        }
    }

    private int frameMillis() {
        return (int) Math.round(1000 / (opened == null ? 30 : opened.db.fps()));
    }

    private void tick() {
        if (!playing || canvas.isDisposed() || opened == null || waiting) {
            return;
        }
        if (hidden || !canvas.isVisible()) {
            hidden = true; // paused while hidden: partVisible resumes
            return;
        }
        long started = System.nanoTime();
        int choice = nextChoice();
        if (choice < 0) {
            return;
        }
        advance(choice);
        rate.frame(started);
        // keep the frame rate whatever decoding and drawing took, without piling up behind a slow frame
        long late = Math.max(0, started - nextDue);
        long spent = System.nanoTime() - started;
        schedule((int) Math.max(1, frameMillis() - (spent + late) / 1_000_000L));
    }

    private void show(PlaybackFrame f, Body body) {
        frame = f;
        lastBody = body;
        String hood = hood(f.classLabel());
        float[] color = "down".equals(hood) ? DOWN_COLOR : UP_COLOR;
        if (gpuCloth != null) {
            // the GPU reconstructs the cloth: the scene carries the body only
            gpuCloth.frame(opened.player.coefficients(), f, color);
            scene = new ClothScene(new int[0], new float[0], body, opened.character.bindPose(), null, color);
        } else {
            scene = new ClothScene(opened.db.triangles(), PlaybackCharacter.cloth(withPositions(f)), body,
                    opened.character.bindPose(), null, color);
        }
        path.add(new Visit(f.state(), f.primaryNode(), f.clip(), f.clipFrame(), hood));
        boolean inside = f.primaryNode() < 0;
        panel.set(PlaybackPanel.NODE, inside ? "(blending into " + f.clip() + ")" : Long.toString(f.primaryNode()));
        panel.set(PlaybackPanel.CLIP, inside ? f.clip() + ": transition" : f.clip() + ":" + f.clipFrame());
        panel.set(PlaybackPanel.STATE, inside ? "(inside a transition)"
                : f.state() + (f.mergeCrossed() ? " (merge landed)" : ""));
        panel.set(PlaybackPanel.HOOD, hood.isEmpty() ? "-" : hood);
        panel.set(PlaybackPanel.DECODE, gpuCloth != null
                ? String.format(Locale.ROOT, "%.2f ms (coefficients; GPU)", f.decodeNanos() / 1e6)
                : String.format(Locale.ROOT, "%.2f ms (CPU, %d thread%s)", f.decodeNanos() / 1e6,
                        OpenedDatabase.DECODE_THREADS, OpenedDatabase.DECODE_THREADS == 1 ? "" : "s"));
        panel.set(PlaybackPanel.FPS, playing ? String.format(Locale.ROOT, "%.1f fps", rate.fps()) : "paused");
        panel.set(PlaybackPanel.ERROR, String.format(Locale.ROOT, "%.2f mm", f.errorBoundMm()));
        panel.set(PlaybackPanel.FRAMES, String.format(Locale.ROOT, "%,d", path.size()));
        showChoices();
        canvas.redraw();
    }

    private void showChoices() {
        panel.setChoices(opened == null ? List.of() : opened.player.choices(), waiting);
    }

    /** "up" / "down" from a stored class label ("UP", "hood=DOWN"); empty when unknown. */
    static String hood(String label) {
        if (label == null) {
            return "";
        }
        return label.substring(label.indexOf('=') + 1).toLowerCase(Locale.ROOT);
    }

    private void key(char c, int keyCode) {
        if (c >= '1' && c <= '9') {
            choose(c - '1');
        } else if (c == ' ') {
            togglePlay();
        } else if (keyCode == SWT.ARROW_RIGHT) {
            step();
        } else if (keyCode == SWT.HOME) {
            reset();
        }
    }

    // ---- drawing -------------------------------------------------------------------------------------

    /** Renders the frame shown offscreen (screenshots of the GL content). */
    ImageData capture(int w, int h) {
        gl.makeCurrent();
        return renderer.captureImage(scene, w, h);
    }

    private void disposeGl() {
        stop();
        gpuCloth = null; // its objects went with the context
        renderer.clothDrawer(null);
    }

    @Override
    public void dispose() {
        getSite().getPage().removePartListener(visibility);
        close();
        super.dispose();
    }

    @Override
    public void setFocus() {
        canvas.setFocus();
    }
}
