package org.clothgraph.cloth.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.HoodDecisions;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.garment.HoodStateClassifier;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Scale;
import org.eclipse.jface.window.Window;

/**
 * The side panel of the cloth preview: runs (and an explored path), playback, classifier result, merge blend
 * marker, garment, material and groups.
 */
final class ClothPanel {
    private final ClothPreviewView view;
    private final Combo runs;
    /** The selected run's clips, wrapped under the run list (which shows the run and its length only). */
    private final Label runClips;
    private final Button play;
    private final Scale slider;
    private final Label frameLabel;
    private final Label classLabel;
    private final Label noteLabel;
    private final Label garmentLabel;
    private final org.eclipse.swt.widgets.List groups;
    private final Button pick;
    private final Button store;
    private final Label pickedLabel;
    private int[] picked;
    /** Feature loops are listed after the vertex groups with this prefix. */
    static final String LOOP = "loop: ";
    private java.util.List<org.clothgraph.sim.garment.FeatureLoop> features = java.util.List.of();
    /** Finds a garment's feature loops off the UI thread (a second or more for a 30,000-vertex garment). */
    private final org.clothgraph.ui.BackgroundLoad<FeatureRequest, java.util.List<org.clothgraph.sim.garment.FeatureLoop>> featureLoad;
    /** A loop to select once the loops are listed (a stored feature; null: none). */
    private String selectWhenListed;
    private final List<ClothRun.Report> shownRuns = new ArrayList<>();
    private boolean exploredEntry;
    private ClothMesh mesh;

    ClothPanel(Composite parent, ClothPreviewView view) {
        this.view = view;
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(2, false));
        Label runLabel = new Label(c, SWT.NONE); // on its own line: the combo gets the panel's whole width
        runLabel.setText("Simulation run:");
        runLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        runs = new Combo(c, SWT.READ_ONLY);
        runs.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        runClips = new Label(c, SWT.WRAP);
        GridData rd = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        rd.widthHint = 220;
        runClips.setLayoutData(rd);
        Button simulate = new Button(c, SWT.PUSH);
        simulate.setText("Simulate...");
        simulate.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        Button garmentsButton = new Button(c, SWT.PUSH);
        garmentsButton.setText("Garments...");
        garmentsButton.setToolTipText("An imported garment's placement on the character; Remove Garment");
        garmentsButton.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        play = new Button(c, SWT.PUSH);
        play.setText("Play");
        frameLabel = new Label(c, SWT.NONE);
        frameLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        slider = new Scale(c, SWT.HORIZONTAL);
        slider.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        classLabel = new Label(c, SWT.NONE);
        classLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        noteLabel = new Label(c, SWT.NONE);
        noteLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        noteLabel.setForeground(c.getDisplay().getSystemColor(SWT.COLOR_DARK_RED));
        noteLabel.setToolTipText("A merged transition led here: the jump to the simulated dead end is spread over the"
                + " next frames (Kim et al. 2013, section 5.1); the largest offset of the frame shown");
        garmentLabel = new Label(c, SWT.WRAP);
        GridData gd = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        gd.widthHint = 220;
        garmentLabel.setLayoutData(gd);
        Label groupsLabel = new Label(c, SWT.NONE);
        groupsLabel.setText("Paint a group or loop:");
        // spanning both columns, so that its width does not squeeze the run list
        groupsLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        groups = new org.eclipse.swt.widgets.List(c, SWT.BORDER | SWT.SINGLE | SWT.V_SCROLL);
        groups.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        pick = new Button(c, SWT.TOGGLE);
        pick.setText("Pick Loop");
        pick.setToolTipText("Click near a border edge of the garment to pick its border loop (a sleeve opening, a hood"
                + " rim), then store it as a feature that dressing actions can name");
        pick.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        store = new Button(c, SWT.PUSH);
        store.setText("Store Feature...");
        store.setEnabled(false);
        store.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        pickedLabel = new Label(c, SWT.WRAP);
        featureLoad = new org.clothgraph.ui.BackgroundLoad<>(groups, "Finding the garment's border loops",
                FeatureRequest::find, this::showFeatures, (request, e) -> pickedLabel.setText(e.getMessage()));
        GridData pd = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        pd.widthHint = 220;
        pickedLabel.setLayoutData(pd);
        pick.addListener(SWT.Selection, e -> view.setPicking(pick.getSelection()));
        store.addListener(SWT.Selection, e -> storeFeature());

        runs.addListener(SWT.Selection, e -> {
            int i = runs.getSelectionIndex();
            describeSelectedRun();
            if (i >= 0 && i < shownRuns.size()) {
                view.show(shownRuns.get(i));
            } else if (exploredEntry && i == shownRuns.size()) {
                view.showExploredPath(ExploredPathPlayer.SEED);
            }
        });
        play.addListener(SWT.Selection, e -> {
            if (view.isPlaying()) {
                view.stop();
            } else {
                view.play();
            }
        });
        slider.addListener(SWT.Selection, e -> {
            view.stop();
            view.seek(slider.getSelection());
        });
        groups.addListener(SWT.Selection, e -> view.seek(view.frame()));
        simulate.addListener(SWT.Selection, e -> simulate());
        garmentsButton.addListener(SWT.Selection, e -> {
            if (view.session().project() != null) {
                garments().open();
            }
        });
    }

    void setRuns(List<ClothRun.Report> reports, String selectedId) {
        int select = reports.size() - 1;
        List<String> items = new java.util.ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            ClothRun.Report r = reports.get(i);
            items.add(String.format(Locale.ROOT, "%s: %d frames", r.runId(), r.frames()));
            if (r.runId().equals(selectedId)) {
                select = i;
            }
        }
        // an exploration commits often and the list is read again each time: leave it alone when it is the same (its
        // items are made from shownRuns alone)
        if (!shownRuns.equals(reports) || runs.getSelectionIndex() != select) {
            exploredEntry = false;
            shownRuns.clear();
            shownRuns.addAll(reports);
            runs.setItems(items.toArray(String[]::new));
            if (select >= 0) {
                runs.select(select);
            }
            describeSelectedRun();
        }
        if (reports.isEmpty()) {
            setMessage("No simulation runs yet: Simulate... the garment along some clips.");
        }
    }

    /**
     * Offers an explored path of the secondary graph after the runs when the project has one (and selects it when
     * it is shown).
     */
    void setExploredPath(boolean available, boolean selected) {
        if (exploredEntry == available && (!available || (runs.getSelectionIndex() == shownRuns.size()) == selected)) {
            return; // offered (or not) already, selected as asked
        }
        if (exploredEntry) {
            runs.remove(shownRuns.size());
        }
        exploredEntry = available;
        if (available) {
            runs.add(String.format(Locale.ROOT, "Explored path: %d frames", ExploredPathPlayer.FRAMES));
            if (selected) {
                runs.select(shownRuns.size());
            }
        }
        describeSelectedRun();
    }

    /**
     * Says under the run list what the selected entry plays: a run's clips in order, or the explored path's seed. The
     * list itself names the run and its length only, so that it fits the panel's width.
     */
    private void describeSelectedRun() {
        int i = runs.getSelectionIndex();
        String text;
        if (i >= 0 && i < shownRuns.size()) {
            text = String.join(" > ", shownRuns.get(i).clips());
        } else if (exploredEntry && i == shownRuns.size()) {
            text = String.format(Locale.ROOT,
                    "the explored cloth along a path chosen at random through the secondary graph (seed %d)",
                    ExploredPathPlayer.SEED);
        } else {
            text = "";
        }
        if (text.equals(runClips.getText())) {
            return;
        }
        runClips.setText(text);
        runs.setToolTipText(text.isEmpty() ? null : text);
        runClips.getParent().layout(true);
    }

    /** Selects the explored path as a user would (tests). */
    void selectExploredPath() {
        runs.select(shownRuns.size());
        runs.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
    }

    void setNote(String text) {
        noteLabel.setText(text);
    }

    String noteText() {
        return noteLabel.getText();
    }

    String frameText() {
        return frameLabel.getText();
    }

    void setGarment(GarmentInfo g, ClothMesh m, org.clothgraph.sim.body.Body rest) {
        mesh = m;
        features = java.util.List.of();
        Material mat = ProjectGarments.material(g);
        String text = String.format(Locale.ROOT, "%s: %d vertices, %d triangles%nmaterial %s: %.2f kg/m2,"
                + " stretch %.3g, bend %.3g, friction %.2f, thickness %.1f mm", g.name(), m.vertexCount(), m.triangleCount(),
                mat.name(), mat.density(), mat.stretchStiffness(), mat.bendStiffness(), mat.friction(),
                mat.thickness() * 1000);
        List<String> items = new java.util.ArrayList<>(List.of("(none)"));
        for (String name : m.vertexGroups().keySet().stream().sorted().toList()) {
            items.add(name + " (" + m.group(name).length + ")");
        }
        // the same garment shown again (a new run of it): nothing to lay out
        if (!text.equals(garmentLabel.getText()) || !java.util.Arrays.asList(groups.getItems()).equals(items)) {
            garmentLabel.setText(text);
            groups.setItems(items.toArray(String[]::new));
            garmentLabel.getParent().layout();
        }
        groups.select(0);
        featureLoad.request(new FeatureRequest(m, rest));
    }

    /** What the border loops are found on: a garment's mesh and the body's rest pose. */
    private record FeatureRequest(ClothMesh mesh, org.clothgraph.sim.body.Body rest) {
        java.util.List<org.clothgraph.sim.garment.FeatureLoop> find() {
            return org.clothgraph.sim.garment.GarmentFeatures.of(mesh, rest);
        }
    }

    /** Lists the loops found after the groups (UI thread), unless another garment is shown by now. */
    private void showFeatures(FeatureRequest request, java.util.List<org.clothgraph.sim.garment.FeatureLoop> found) {
        if (request.mesh() != mesh) {
            return;
        }
        features = found;
        for (org.clothgraph.sim.garment.FeatureLoop f : features) {
            groups.add(LOOP + f.name() + " (" + f.vertices().length + ")");
        }
        if (selectWhenListed != null) {
            selectItem(selectWhenListed);
            selectWhenListed = null;
            view.seek(view.frame());
        }
    }

    int[] highlightedGroup() {
        if (picked != null) {
            return picked;
        }
        int i = groups.getSelectionIndex();
        if (i <= 0 || mesh == null) {
            return null;
        }
        String item = groups.getItem(i);
        String name = item.substring(0, item.lastIndexOf(" ("));
        if (name.startsWith(LOOP)) {
            org.clothgraph.sim.garment.FeatureLoop f = org.clothgraph.sim.garment.GarmentFeatures.named(features,
                    name.substring(LOOP.length()));
            return f == null ? null : f.vertices();
        }
        return mesh.group(name);
    }

    /** Shows the picked loop (painted instead of the listed group; null: none picked). */
    void setPicked(int[] loop) {
        picked = loop;
        store.setEnabled(loop != null);
        pickedLabel.setText(loop == null ? (view.isPicking() ? "No border edge there: click nearer to one." : "")
                : "Picked a border loop of " + loop.length + " vertices.");
        pickedLabel.getParent().layout();
    }

    /** Shows whether clicks pick loops (the toggle follows the view when it is switched elsewhere). */
    void setPicking(boolean on) {
        if (pick.getSelection() != on) {
            pick.setSelection(on);
        }
    }

    String pickedText() {
        return pickedLabel.getText();
    }

    /** The listed group or loop's name (without its count), or null for none. */
    String selectedItemName() {
        int i = groups.getSelectionIndex();
        if (i <= 0) {
            return null;
        }
        String item = groups.getItem(i);
        return item.substring(0, item.lastIndexOf(" ("));
    }

    /**
     * Selects a listed group or loop by name, without painting (the view repaints); a loop not listed yet is
     * selected when the loops are.
     */
    void selectItem(String name) {
        for (int i = 0; i < groups.getItemCount(); i++) {
            if (groups.getItem(i).startsWith(name + " (")) {
                groups.select(i);
                return;
            }
        }
        if (name.startsWith(LOOP)) {
            selectWhenListed = name;
        }
    }

    /** The names of the listed feature loops. */
    List<String> featureNames() {
        return features.stream().map(org.clothgraph.sim.garment.FeatureLoop::name).toList();
    }

    private void storeFeature() {
        org.eclipse.jface.dialogs.InputDialog d = new org.eclipse.jface.dialogs.InputDialog(runs.getShell(),
                "Store Feature", "Name the picked loop as a garment feature (e.g. hood rim, left cuff, right cuff, hem):",
                "", text -> {
                    try {
                        org.clothgraph.cloth.StoreFeatureLoopOperation.groupName(text);
                        return null;
                    } catch (org.clothgraph.model.InvalidInputException e) {
                        return e.getMessage();
                    }
                });
        if (d.open() != Window.OK) {
            return;
        }
        String error = view.storePicked(d.getValue());
        if (error != null) {
            pickedLabel.setText(error);
            pickedLabel.getParent().layout();
        } else {
            selectItem(LOOP + d.getValue().strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " "));
            view.seek(view.frame());
        }
    }

    /** Selects a vertex group to paint (tests). */
    void selectGroup(String name) {
        selectItem(name);
        view.seek(view.frame());
    }

    /** Shows a frame's number and class; with the classifier's decision, its margin and (tooltip) its criterion. */
    void setFrame(int frame, int frames, String cls, HoodStateClassifier.Decision decision) {
        slider.setMaximum(Math.max(1, frames - 1));
        slider.setSelection(frame);
        frameLabel.setText("frame " + (frame + 1) + " / " + frames);
        classLabel.setText(cls.isEmpty() ? "" : "hood: " + cls.toLowerCase(Locale.ROOT)
                + (decision == null ? "" : String.format(Locale.ROOT, ", margin %.2f", decision.margin())));
        classLabel.setToolTipText(decision == null ? null : "How clearly the hood classifier decided: "
                + HoodDecisions.describe(decision));
        if (outgrown(frameLabel) || outgrown(classLabel)) {
            frameLabel.getParent().layout(); // only when a text no longer fits: not a layout for every played frame
        }
    }

    private static boolean outgrown(Label label) {
        Point wanted = label.computeSize(SWT.DEFAULT, SWT.DEFAULT);
        Point has = label.getSize();
        return wanted.x > has.x || wanted.y > has.y;
    }

    String classToolTip() {
        return classLabel.getToolTipText();
    }

    String classText() {
        return classLabel.getText();
    }

    void setPlaying(boolean playing) {
        if (!play.isDisposed()) {
            play.setText(playing ? "Pause" : "Play");
        }
    }

    void setMessage(String text) {
        garmentLabel.setText(text);
        garmentLabel.getParent().layout();
    }

    /** The Garments dialog on the open project (not yet open). */
    GarmentDialog garments() {
        return new GarmentDialog(runs.getShell(), view.session().project()).previewingIn(view::showPlacement);
    }

    private void simulate() {
        Project project = view.session().project();
        if (project == null) {
            return;
        }
        SimulateDialog d = new SimulateDialog(runs.getShell(), project.garments(), project.clips());
        if (d.open() != Window.OK) {
            return;
        }
        try {
            SimulationJobs.schedule(project, d.garment(), d.clips(), d.frames(), d.settings());
        } catch (org.clothgraph.model.InvalidInputException e) {
            org.eclipse.jface.dialogs.MessageDialog.openError(runs.getShell(), "Cannot simulate", e.getMessage()
                    + "\n(Window > Preferences > ClothGraph Simulator)");
        }
    }
}
