package org.clothgraph.explore.ui.internal;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;

/**
 * A compact whole-number field (digits only, arrow keys step by one, clamped to its range when it loses focus).
 * GTK's Spinner carries two wide buttons; five settings in one row at 1280 x 800 need the room.
 */
final class NumberField {
    private final Text text;
    private final int min;
    private final int max;

    NumberField(Composite parent, int min, int max, String tip) {
        this.min = min;
        this.max = max;
        text = new Text(parent, SWT.BORDER | SWT.RIGHT);
        int digits = String.valueOf(max).length();
        text.setTextLimit(digits);
        text.setToolTipText(tip + " (" + min + " to " + max + ")");
        GridData data = new GridData(SWT.BEGINNING, SWT.CENTER, false, false);
        GC gc = new GC(text);
        try {
            data.widthHint = gc.textExtent("0".repeat(digits + 1)).x + 6;
        } finally {
            gc.dispose();
        }
        text.setLayoutData(data);
        text.addListener(SWT.Verify, e -> e.doit = e.text.chars().allMatch(Character::isDigit));
        text.addListener(SWT.KeyDown, e -> {
            if (e.keyCode == SWT.ARROW_UP || e.keyCode == SWT.ARROW_DOWN) {
                set(value() + (e.keyCode == SWT.ARROW_UP ? 1 : -1));
                e.doit = false;
            }
        });
        text.addListener(SWT.FocusOut, e -> set(value()));
        set(min);
    }

    /** The value shown, clamped to the range (an empty field is the minimum). */
    int value() {
        String s = text.getText().strip();
        if (s.isEmpty()) {
            return min;
        }
        try {
            return Math.max(min, Math.min(max, Integer.parseInt(s)));
        } catch (NumberFormatException e) {
            return max; // only digits get in: too many of them
        }
    }

    void set(int value) {
        String s = String.valueOf(Math.max(min, Math.min(max, value)));
        if (!s.equals(text.getText())) {
            text.setText(s);
        }
    }

    Text control() {
        return text;
    }
}
