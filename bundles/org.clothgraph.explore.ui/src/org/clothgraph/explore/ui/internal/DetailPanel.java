package org.clothgraph.explore.ui.internal;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;

/**
 * The selected dead end: where it is (primary node, clip and frame), what it was merged into and with which error,
 * and both cloth states on the character at that pose.
 */
final class DetailPanel {
    private static final String HINT = "Select a dead end in the queue to see it and its merge target on the character.";
    private final Composite panel;
    private final Label title;
    private final Label description;
    private final Label leftCaption;
    private final Label rightCaption;
    private final StatePairCanvas states;
    private DeadEndDetail shown;

    DetailPanel(Composite parent) {
        panel = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(2, true);
        layout.marginWidth = 2;
        layout.marginHeight = 0;
        layout.verticalSpacing = 3;
        panel.setLayout(layout);
        title = wrapping(2);
        description = wrapping(2);
        leftCaption = caption();
        rightCaption = caption();
        states = new StatePairCanvas(panel);
        states.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        clear(HINT);
    }

    /**
     * A caption over one of the two viewports: centred, wrapping within its column (a caption longer than the column
     * was cut at both ends and ran into its neighbour, "state 617 (simulated c(no merge target now)").
     */
    private Label caption() {
        Label l = new Label(panel, SWT.CENTER | SWT.WRAP);
        GridData data = new GridData(SWT.FILL, SWT.TOP, true, false);
        data.widthHint = 100;
        l.setLayoutData(data);
        return l;
    }

    private Label wrapping(int span) {
        Label l = new Label(panel, SWT.WRAP);
        GridData data = new GridData(SWT.FILL, SWT.TOP, true, false, span, 1);
        data.widthHint = 200; // wrap within the column instead of widening it
        l.setLayoutData(data);
        return l;
    }

    Control control() {
        return panel;
    }

    void show(DeadEndDetail d) {
        shown = d;
        title.setText(d.title());
        description.setText(d.description());
        leftCaption.setText(d.deadEndLabel());
        rightCaption.setText(d.targetLabel());
        states.show(d.deadEnd(), d.target());
        panel.layout(true, true);
    }

    void clear(String message) {
        shown = null;
        title.setText(message);
        description.setText("");
        leftCaption.setText("");
        rightCaption.setText("");
        states.show(null, null);
        panel.layout(true, true);
    }

    void clearIfNothingShown() {
        if (shown == null) {
            clear(HINT);
        }
    }

    DeadEndDetail shown() {
        return shown;
    }

    /** Everything the panel says, for tests. */
    String text() {
        return title.getText() + "\n" + description.getText() + "\n" + leftCaption.getText() + " | "
                + rightCaption.getText();
    }

    boolean showsStates() {
        return states.showsStates();
    }
}
