package org.clothgraph.testing;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;

/** Layout checks for UI tests: what a person would see as a truncated or covered control. */
public final class LayoutChecks {
    private LayoutChecks() {
    }

    /**
     * After the event loop settles: no visible label, button or combo narrower than its text (wrapping ones aside),
     * and no two visible controls of one parent overlapping. Returns the controls below {@code root} (tables and
     * combos not descended into) for further checks.
     */
    public static List<Control> assertLaidOut(Composite root) {
        UiWait.settle(300);
        List<Control> controls = new ArrayList<>();
        collect(root, controls);
        for (Control c : controls) {
            String text = c instanceof Label l ? l.getText() : c instanceof Button b ? b.getText()
                    : c instanceof Combo combo ? combo.getText() : null;
            if (text == null || text.isEmpty() || (c.getStyle() & SWT.WRAP) != 0 || !c.isVisible()) {
                continue;
            }
            GC gc = new GC(c);
            try {
                int need = gc.textExtent(text).x;
                if (c.getSize().x < need) {
                    throw new AssertionError("'" + text + "' needs " + need + " px, has " + c.getSize().x);
                }
            } finally {
                gc.dispose();
            }
        }
        for (int i = 0; i < controls.size(); i++) {
            for (int j = i + 1; j < controls.size(); j++) {
                Control a = controls.get(i), b = controls.get(j);
                if (a.getParent() == b.getParent() && a.isVisible() && b.isVisible()
                        && a.getBounds().intersects(b.getBounds())) {
                    throw new AssertionError(a + " overlaps " + b);
                }
            }
        }
        return controls;
    }

    private static void collect(Composite c, List<Control> out) {
        for (Control k : c.getChildren()) {
            out.add(k);
            if (k instanceof Composite comp && !(k instanceof Table) && !(k instanceof Combo)) {
                collect(comp, out);
            }
        }
    }
}
