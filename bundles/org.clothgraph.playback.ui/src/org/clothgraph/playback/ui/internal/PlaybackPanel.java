package org.clothgraph.playback.ui.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.runtime.Choice;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * The Playback view's side panel: the database, play / pause / step / reset, random walk or the user's choice at
 * branch points (one button per outgoing primary edge, keys 1-9), and what the frame shown is: primary node,
 * clip:frame, secondary state, hood state, decode time, frame rate and error bound.
 */
final class PlaybackPanel {
    static final String NODE = "Primary node";
    static final String CLIP = "Clip:frame";
    static final String STATE = "Secondary state";
    static final String HOOD = "Hood";
    static final String DECODE = "Decode";
    static final String FPS = "Frame rate";
    static final String ERROR = "Error bound";
    static final String FRAMES = "Frames played";
    private static final int MAX_CHOICES = 9;

    private final PlaybackView view;
    private final Composite root;
    final Combo databases;
    final Button open;
    final Button compress;
    final Button report;
    final Button play;
    final Button step;
    final Button reset;
    final Button random;
    final Button choose;
    final Button gpu;
    private final Label choicesLabel;
    private final Composite choicesBox;
    private final List<Button> choiceButtons = new ArrayList<>();
    private final Map<String, Label> values = new LinkedHashMap<>();
    private final Label message;

    PlaybackPanel(Composite parent, PlaybackView view) {
        this.view = view;
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(3, false));
        Label databaseLabel = new Label(root, SWT.NONE);
        databaseLabel.setText("Runtime database:");
        databaseLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        open = new Button(root, SWT.PUSH);
        open.setText("Open...");
        open.setToolTipText("Play another runtime database file");
        // a row of its own: the names are long
        databases = new Combo(root, SWT.READ_ONLY);
        databases.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        Composite compression = new Composite(root, SWT.NONE);
        compression.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        GridLayout kl = new GridLayout(2, true);
        kl.marginWidth = 0;
        compression.setLayout(kl);
        compress = button(compression, "Compress...", "Compress the explored secondary graph into a new runtime"
                + " database (as clothgraph compress)");
        report = button(compression, "Report...", "The compression report of the database chosen above: sizes,"
                + " errors, the paper's scheme, energy per basis vector");

        Composite transport = new Composite(root, SWT.NONE);
        transport.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        GridLayout tl = new GridLayout(3, true);
        tl.marginWidth = 0;
        transport.setLayout(tl);
        play = button(transport, "Play", "Play or pause (Space)");
        step = button(transport, "Step", "Decode one frame (Right arrow)");
        reset = button(transport, "Reset", "Back to the initial state (Home)");

        random = new Button(root, SWT.RADIO);
        random.setText("Random walk");
        random.setToolTipText("A seeded random controller chooses at every branch point");
        random.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        choose = new Button(root, SWT.RADIO);
        choose.setText("Choose at branch points (keys 1-9)");
        choose.setToolTipText("Playback waits at a branch point until you choose the next motion");
        choose.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        random.setSelection(true);
        gpu = new Button(root, SWT.CHECK);
        gpu.setText("Decode on the GPU (vertex shader)");
        gpu.setToolTipText("The basis in a texture buffer, each vertex reconstructed from the frame's coefficients"
                + " by the vertex shader; off: the CPU decoder");
        gpu.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));

        choicesLabel = new Label(root, SWT.NONE);
        choicesLabel.setText("Next motion:");
        choicesLabel.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        choicesBox = new Composite(root, SWT.NONE);
        GridLayout cl = new GridLayout(1, false);
        cl.marginWidth = 0;
        cl.marginHeight = 0;
        cl.verticalSpacing = 2;
        choicesBox.setLayout(cl);
        choicesBox.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));

        Composite status = new Composite(root, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
        GridLayout sl = new GridLayout(2, false);
        sl.marginWidth = 0;
        status.setLayout(sl);
        for (String name : new String[] { NODE, CLIP, STATE, HOOD, DECODE, FPS, ERROR, FRAMES }) {
            new Label(status, SWT.NONE).setText(name + ":");
            Label v = new Label(status, SWT.NONE);
            v.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
            v.setText("-");
            values.put(name, v);
        }
        values.get(ERROR).setToolTipText("Merge error still being blended out since the last merge transition plus"
                + " this frame's compression error");
        message = new Label(root, SWT.WRAP);
        GridData md = new GridData(SWT.FILL, SWT.TOP, true, true, 3, 1);
        md.widthHint = 240;
        message.setLayoutData(md);

        databases.addListener(SWT.Selection, e -> view.openSelected());
        open.addListener(SWT.Selection, e -> view.openFile());
        compress.addListener(SWT.Selection, e -> view.compression().compress(root.getShell(), view.project()));
        report.addListener(SWT.Selection, e -> {
            CompressionReportDialog d = view.compression().report(root.getShell(), view.project(),
                    view.selectedDatabase());
            if (d != null) {
                d.open();
            }
        });
        play.addListener(SWT.Selection, e -> view.togglePlay());
        step.addListener(SWT.Selection, e -> view.step());
        reset.addListener(SWT.Selection, e -> view.reset());
        random.addListener(SWT.Selection, e -> view.setRandomWalk(random.getSelection()));
        gpu.addListener(SWT.Selection, e -> view.setGpu(gpu.getSelection()));
    }

    private static Button button(Composite parent, String text, String tip) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.setToolTipText(tip);
        b.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        return b;
    }

    Composite control() {
        return root;
    }

    void setDatabases(List<String> names, int selected) {
        databases.setItems(names.toArray(String[]::new));
        if (selected >= 0) {
            databases.select(selected);
        }
    }

    void setPlaying(boolean playing) {
        if (!play.isDisposed()) {
            play.setText(playing ? "Pause" : "Play");
        }
    }

    /** Shows the outgoing primary edges of the frame shown; {@code waiting}: playback holds for a choice. */
    void setChoices(List<Choice> choices, boolean waiting) {
        int n = Math.min(MAX_CHOICES, choices.size());
        boolean relayout = n != choiceButtons.size();
        while (choiceButtons.size() > n) {
            choiceButtons.remove(choiceButtons.size() - 1).dispose();
        }
        while (choiceButtons.size() < n) {
            int index = choiceButtons.size();
            Button b = new Button(choicesBox, SWT.PUSH | SWT.LEFT);
            b.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
            b.addListener(SWT.Selection, e -> view.choose(index));
            choiceButtons.add(b);
        }
        for (int i = 0; i < n; i++) {
            Choice c = choices.get(i);
            choiceButtons.get(i).setText(String.format(Locale.ROOT, "%d   %s:%d%s", i + 1, c.clip(), c.clipFrame(),
                    c.clipChange() ? "   (transition)" : ""));
        }
        String text = choices.isEmpty() ? "Next motion: none (end of the graph)"
                : waiting ? "Next motion: choose (" + (n == 1 ? "1" : "1-" + n) + ")"
                        : choices.size() == 1 ? "Next motion:" : "Next motion (branch point):";
        if (!text.equals(choicesLabel.getText())) {
            choicesLabel.setText(text);
            relayout = true;
        }
        if (relayout) {
            root.layout(true, true);
        }
    }

    void set(String name, String value) {
        Label l = values.get(name);
        if (!value.equals(l.getText())) {
            l.setText(value);
        }
    }

    String value(String name) {
        return values.get(name).getText();
    }

    void setMessage(String text) {
        message.setText(text == null ? "" : text);
        root.layout(true, true);
    }

    String message() {
        return message.getText();
    }

    int choiceButtonCount() {
        return choiceButtons.size();
    }

    String choiceText(int i) {
        return choiceButtons.get(i).getText();
    }
}
