package org.clothgraph.explore.ui.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.explore.ExplorationStatus;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;

/**
 * The live counters of an exploration as "name value" pairs in a wrapping row. Value labels have a fixed width
 * (the widest value they expect), so a changing number never moves its neighbours.
 */
final class CountersPanel {
    static final String ROUND = "Round";
    static final String STATES = "States";
    static final String FRAMES = "Simulated frames";
    static final String FPS = "Frames/s";
    static final String QUEUE = "Queue";
    static final String QUARANTINED = "Quarantined";
    static final String WORST = "Worst error";
    static final String MEDIAN = "Median error";
    static final String CROSS = "Cross-class merges";
    static final String CPU = "CPU time";

    private final Composite panel;
    private final Map<String, Label> values = new LinkedHashMap<>();

    CountersPanel(Composite parent) {
        panel = new Composite(parent, SWT.NONE);
        RowLayout layout = new RowLayout(SWT.HORIZONTAL);
        layout.wrap = true;
        layout.spacing = 14;
        layout.marginTop = 0;
        layout.marginBottom = 0;
        panel.setLayout(layout);
        add(STATES, "000,000");
        add(FRAMES, "0,000,000");
        add(FPS, "000.0");
        add(QUEUE, "000,000");
        add(QUARANTINED, "0,000");
        add(WORST, "0,000.0 mm");
        add(MEDIAN, "0,000.0 mm");
        add(CROSS, "0,000");
        add(CPU, "00 h 00 min");
        add(ROUND, "00,000");
    }

    Control control() {
        return panel;
    }

    private void add(String name, String widest) {
        Composite pair = new Composite(panel, SWT.NONE);
        GridLayout layout = new GridLayout(2, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        layout.horizontalSpacing = 5;
        pair.setLayout(layout);
        new Label(pair, SWT.NONE).setText(name + ":");
        Label value = new Label(pair, SWT.NONE);
        GridData data = new GridData(SWT.BEGINNING, SWT.CENTER, false, false);
        data.widthHint = textWidth(value, widest);
        value.setLayoutData(data);
        value.setText("-");
        values.put(name, value);
    }

    void show(ExplorationStatus s) {
        if (s == null) {
            values.values().forEach(l -> l.setText("-"));
            return;
        }
        set(ROUND, Formats.count(s.round()));
        set(STATES, Formats.count(s.states()));
        set(FRAMES, Formats.count(s.simulatedFrames()));
        set(FPS, Formats.rate(s.framesPerSecond()));
        set(QUEUE, Formats.count(s.queue()));
        set(QUARANTINED, Formats.count(s.quarantined()));
        set(WORST, Formats.mm(s.worstErrorMm()));
        set(MEDIAN, Formats.mm(s.medianErrorMm()));
        set(CROSS, Formats.count(s.crossClassMerges()));
        set(CPU, Formats.seconds(s.cpuSeconds()));
    }

    private void set(String name, String text) {
        Label l = values.get(name);
        if (l.getText().equals(text)) {
            return;
        }
        l.setText(text);
        GridData data = (GridData) l.getLayoutData();
        int width = textWidth(l, text);
        if (width > data.widthHint) { // a number outgrew its room: widen it rather than clip it
            data.widthHint = width;
            panel.getParent().layout(true, true);
        }
    }

    private static int textWidth(Label label, String text) {
        GC gc = new GC(label);
        try {
            return gc.textExtent(text).x + 4;
        } finally {
            gc.dispose();
        }
    }

    /** The text a counter shows (tests). */
    String text(String name) {
        return values.get(name).getText();
    }
}
