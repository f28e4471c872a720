package org.clothgraph.graphview.ui.internal;

import java.util.Locale;

import org.clothgraph.graphview.PathToState;
import org.clothgraph.graphview.SecondaryGraphSnapshot;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * Beside the graph: the selected state, "how did we get here" with Play, and the legend; under the graph, across the
 * whole view so it is never cut off or scrolled away, the status line: what is drawn, how it was laid out, and what
 * the filters leave.
 */
final class SidePanel {
    private final Composite panel;
    private final Label status, shown, state, pathText;
    private final Legend legend;
    private final Button pathButton, play;
    private boolean relayoutPending;

    SidePanel(Composite parent, Composite statusLine, Runnable onPath, Runnable onPlay) {
        panel = parent;
        // what the user acts on first (the selected state, its path), then the legend and what is drawn
        state = wrapping(parent);
        state.setText("Click a state (Shift+drag: a box of states).");
        Composite buttons = new Composite(parent, SWT.NONE);
        GridLayout bl = new GridLayout(1, false);
        bl.marginWidth = 0;
        bl.marginHeight = 0;
        buttons.setLayout(bl);
        buttons.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        pathButton = new Button(buttons, SWT.PUSH);
        pathButton.setText("How did we get here?");
        pathButton.setToolTipText("The fewest transitions from the initial state to the selected state");
        pathButton.addListener(SWT.Selection, e -> onPath.run());
        pathButton.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        play = new Button(buttons, SWT.PUSH);
        play.setText("Play in Cloth Preview");
        play.setToolTipText("Walk that path with the cloth on the character (merges blended)");
        play.addListener(SWT.Selection, e -> onPlay.run());
        play.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        pathButton.setEnabled(false);
        play.setEnabled(false);
        pathText = wrapping(parent);
        legend = new Legend(parent);
        GridData lg = new GridData(SWT.FILL, SWT.TOP, true, false);
        lg.heightHint = 150;
        legend.control().setLayoutData(lg);
        GridLayout sl = new GridLayout(1, false);
        sl.marginHeight = 0;
        sl.verticalSpacing = 2;
        statusLine.setLayout(sl);
        status = new Label(statusLine, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        // always there (blank when nothing is filtered), so filtering never resizes the graph
        shown = new Label(statusLine, SWT.NONE);
        shown.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
    }

    private static Label wrapping(Composite parent) {
        Label l = new Label(parent, SWT.WRAP);
        GridData gd = new GridData(SWT.FILL, SWT.TOP, true, false);
        gd.widthHint = 200;
        l.setLayoutData(gd);
        return l;
    }

    Legend legend() {
        return legend;
    }

    void setStatus(String text) {
        if (text.equals(status.getText())) {
            return; // every commit sets it: lay out only when it says something new
        }
        status.setText(text);
        status.setToolTipText(text);
        if (status.getSize().y != status.computeSize(SWT.DEFAULT, SWT.DEFAULT).y) {
            status.getParent().getParent().layout(true, true); // one line across the view: only its height matters
        }
    }

    void setShown(GraphScene scene) {
        String text = scene.filter.isAll() ? ""
                : String.format(Locale.ROOT, "Filtered: %,d of %,d states, %,d of %,d transitions drawn", scene.shownStates,
                        scene.graph.size(), scene.shownEdges, scene.graph.edges().size());
        GridData legendData = (GridData) legend.control().getLayoutData();
        int legendHeight = legend.preferredHeight();
        if (text.equals(shown.getText()) && legendData.heightHint == legendHeight) {
            return; // the same size: nothing to lay out
        }
        shown.setText(text);
        legendData.heightHint = legendHeight;
        relayout();
    }

    void showSelection(StateElement e, int count) {
        String text;
        if (e == null) {
            text = "Click a state (Shift+drag: a box of states).";
        } else {
            SecondaryGraphSnapshot.State s = e.state();
            String more = count > 1 ? String.format(Locale.ROOT, "%,d states selected; the first:%n", count) : "";
            text = more + e.toString() + ", " + (s.classes() == null ? "no class" : s.classes()) + ", "
                    + (s.live() ? "live" : "merged away") + ", round " + s.round() + ", primary node " + s.primaryNode()
                    + "\n(details in the Properties view)";
        }
        pathButton.setEnabled(e != null);
        play.setEnabled(false);
        if (!text.equals(state.getText()) || !pathText.getText().isEmpty()) {
            state.setText(text);
            pathText.setText("");
            relayout();
        }
    }

    void showPath(PathToState p, SecondaryGraphSnapshot g, int target) {
        if (p == null) {
            pathText.setText("Not reachable from the initial state.");
            play.setEnabled(false);
        } else if (p.edges().isEmpty()) {
            pathText.setText("This is the initial state.");
            play.setEnabled(false);
        } else {
            pathText.setText(String.format(Locale.ROOT, "%d transitions (%d merges) from the initial state: %s",
                    p.edges().size(), p.merges(), shortened(p)));
            pathText.setToolTipText(p.toString());
            play.setEnabled(g.state(target).live());
        }
        relayout();
    }

    /** A long path's first three and last two clip segments (the whole path is the label's tooltip). */
    static String shortened(PathToState p) {
        java.util.List<PathToState.Segment> s = p.segments();
        if (s.size() <= 6) {
            return p.toString();
        }
        java.util.List<String> parts = new java.util.ArrayList<>();
        s.subList(0, 3).forEach(x -> parts.add(x.toString()));
        parts.add("(" + (s.size() - 5) + " more)");
        s.subList(s.size() - 2, s.size()).forEach(x -> parts.add(x.toString()));
        return String.join(" > ", parts);
    }

    void setPathNote(String note) {
        if (!pathText.isDisposed()) {
            pathText.setText(pathText.getText().replaceAll("\n.*$", "") + "\n" + note);
            relayout();
        }
    }

    String stateText() {
        return state.getText();
    }

    String pathText() {
        return pathText.getText();
    }

    String statusText() {
        return status.getText();
    }

    String shownText() {
        return shown.getText();
    }

    /** The status line's label (tests: that it is shown whole). */
    Label statusLabel() {
        return status;
    }

    /**
     * Lays the panel out once after the changes of one update (a new graph sets the status, the legend, what is shown
     * and the selection: one layout, not four).
     */
    private void relayout() {
        if (relayoutPending || panel.isDisposed()) {
            return;
        }
        relayoutPending = true;
        panel.getDisplay().asyncExec(() -> {
            relayoutPending = false;
            if (!panel.isDisposed()) {
                shown.getParent().layout(true);
                panel.layout(true, true);
                if (panel.getParent() instanceof org.eclipse.swt.custom.ScrolledComposite sc) {
                    fitWidth(sc);
                }
            }
        });
    }

    /** The panel as wide as its scroller and as tall as its wrapped text needs (scrolls when taller). */
    static void fitWidth(org.eclipse.swt.custom.ScrolledComposite sc) {
        int w = sc.getClientArea().width;
        if (w > 0) {
            sc.setMinSize(sc.getContent().computeSize(w, SWT.DEFAULT));
        }
    }
}
