package org.clothgraph.graphview.ui.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.graphview.Colouring;
import org.clothgraph.graphview.GraphFilter;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.RowData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;

/** The bar above the graph: what states are coloured by, the filters, and Fit. Wraps when the view is narrow. */
final class ControlsBar {
    private static final Colouring.By[] BY = { Colouring.By.CLASS, Colouring.By.CLIP, Colouring.By.ERROR,
            Colouring.By.AGE };
    private final Composite bar;
    private final Combo colourBy;
    final Button mergesOnly, crossClass, quarantined;
    private final Spinner minError;
    private final Combo clip;
    private final List<Long> clipIds = new ArrayList<>();
    private final Runnable changed;

    ControlsBar(Composite parent, Runnable changed, Runnable fit) {
        this.changed = changed;
        bar = new Composite(parent, SWT.NONE);
        RowLayout row = new RowLayout(SWT.HORIZONTAL);
        row.center = true;
        row.wrap = true;
        row.spacing = 6;
        row.marginTop = row.marginBottom = 2;
        bar.setLayout(row);
        Composite colourGroup = group();
        new Label(colourGroup, SWT.NONE).setText("Colour by");
        colourBy = new Combo(colourGroup, SWT.READ_ONLY);
        colourBy.setItems("hood state", "clip", "merge error", "age (round)");
        colourBy.select(0);
        mergesOnly = check("Merges only", "Draw only merge transitions");
        crossClass = check("Cross-class only", "Draw only merges that join two classes");
        quarantined = check("Quarantined", "Draw only merges of quarantined dead ends");
        // label, field and unit in one group, so that wrapping never separates them
        Composite errorGroup = group();
        new Label(errorGroup, SWT.NONE).setText("Error >=");
        minError = new Spinner(errorGroup, SWT.BORDER);
        minError.setValues(0, 0, 100_000, 0, 5, 50);
        minError.setToolTipText("Draw only merges whose plain error is at least this (mm); 0: off");
        new Label(errorGroup, SWT.NONE).setText("mm");
        Composite clipGroup = group();
        new Label(clipGroup, SWT.NONE).setText("Clip");
        clip = new Combo(clipGroup, SWT.READ_ONLY);
        clip.setItems("(all clips)");
        clip.select(0);
        clip.setLayoutData(new RowData(130, SWT.DEFAULT));
        Button fitButton = new Button(bar, SWT.PUSH);
        fitButton.setText("Fit");
        fitButton.setToolTipText("Show the whole graph (or double-click the graph)");
        fitButton.addListener(SWT.Selection, e -> fit.run());
        colourBy.addListener(SWT.Selection, e -> changed.run());
        minError.addListener(SWT.Selection, e -> changed.run());
        clip.addListener(SWT.Selection, e -> changed.run());
    }

    private Composite group() {
        Composite g = new Composite(bar, SWT.NONE);
        RowLayout l = new RowLayout(SWT.HORIZONTAL);
        l.center = true;
        l.wrap = false;
        l.marginLeft = l.marginRight = l.marginTop = l.marginBottom = 0;
        l.spacing = 4;
        g.setLayout(l);
        return g;
    }

    private Button check(String text, String tip) {
        Button b = new Button(bar, SWT.CHECK);
        b.setText(text);
        b.setToolTipText(tip);
        b.addListener(SWT.Selection, e -> changed.run());
        return b;
    }

    Composite control() {
        return bar;
    }

    /** Offers the graph's clips (keeping the chosen one when it is still there). */
    void setClips(SecondaryGraphSnapshot graph) {
        Map<Long, String> names = new LinkedHashMap<>();
        graph.states().forEach(s -> names.putIfAbsent(s.clipId(), graph.clipName(s.clipId())));
        List<String> items = new ArrayList<>(List.of("(all clips)"));
        items.addAll(names.values());
        if (clipIds.equals(new ArrayList<>(names.keySet())) && java.util.Arrays.asList(clip.getItems()).equals(items)) {
            return; // the same clips (every commit sends the graph again): nothing to lay out
        }
        long chosen = clipId();
        clipIds.clear();
        clip.removeAll();
        clip.add("(all clips)");
        int select = 0;
        for (Map.Entry<Long, String> e : names.entrySet()) {
            clipIds.add(e.getKey());
            clip.add(e.getValue());
            if (e.getKey() == chosen) {
                select = clipIds.size();
            }
        }
        clip.select(select);
        bar.getParent().layout(true, true);
    }

    private long clipId() {
        int i = clip.getSelectionIndex();
        return i <= 0 || i > clipIds.size() ? -1 : clipIds.get(i - 1);
    }

    Colouring.By colourBy() {
        return BY[Math.max(0, colourBy.getSelectionIndex())];
    }

    GraphFilter filter() {
        return new GraphFilter(mergesOnly.getSelection(), crossClass.getSelection(), minError.getSelection(),
                quarantined.getSelection(), clipId());
    }

    /** Sets the filters as a user would (tests). */
    void set(Colouring.By by, GraphFilter f) {
        for (int i = 0; i < BY.length; i++) {
            if (BY[i] == by) {
                colourBy.select(i);
            }
        }
        mergesOnly.setSelection(f.mergesOnly());
        crossClass.setSelection(f.crossClassOnly());
        quarantined.setSelection(f.quarantinedOnly());
        minError.setSelection((int) f.minErrorMm());
        int c = clipIds.indexOf(f.clipId());
        clip.select(c + 1);
        changed.run();
    }
}
