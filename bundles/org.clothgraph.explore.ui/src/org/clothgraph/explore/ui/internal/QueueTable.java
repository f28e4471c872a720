package org.clothgraph.explore.ui.internal;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;

/**
 * The expansion queue: the worst queued dead ends in queue order (merge error, then id), then the quarantined ones
 * with the reason their expansion failed. The selection survives refreshes while its merge is still listed.
 */
final class QueueTable {
    private static final int CLIP_COLUMN = 3;
    private final TableViewer viewer;
    private List<QueueRow> rows = List.of();

    QueueTable(Composite parent, Consumer<QueueRow> selected) {
        viewer = new TableViewer(parent, SWT.BORDER | SWT.SINGLE | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        Table table = viewer.getTable();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        column("Error mm", 66, SWT.RIGHT, "Merge error that orders the queue (plain error plus the class penalty)",
                r -> Formats.mmCell(r.errorMm()));
        column("Plain mm", 66, SWT.RIGHT, "L-infinity distance between the dead end and its merge target",
                r -> Formats.mmCell(r.plainMm()));
        column("Class", 50, SWT.LEFT, "cross: merged into a state of another class (hood up into hood down)",
                r -> r.merge().crossClass() ? "cross" : "same");
        column("Clip:frame", 92, SWT.LEFT, "Primary node of the dead end", QueueRow::clipFrame);
        column("Quarantine", 180, SWT.LEFT, "Why the expansion failed (quarantined dead ends are not expanded)",
                r -> r.merge().quarantined() ? r.merge().quarantine() : "");
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.setInput(rows);
        viewer.addSelectionChangedListener(e -> {
            Object o = ((IStructuredSelection) e.getSelection()).getFirstElement();
            if (o instanceof QueueRow row) {
                selected.accept(row);
            }
        });
    }

    private void column(String title, int width, int style, String tip, Function<QueueRow, String> text) {
        TableViewerColumn c = new TableViewerColumn(viewer, style);
        c.getColumn().setText(title);
        GC gc = new GC(viewer.getTable());
        try {
            c.getColumn().setWidth(Math.max(width, gc.textExtent(title).x + 24)); // never a clipped header
        } finally {
            gc.dispose();
        }
        c.getColumn().setToolTipText(tip);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((QueueRow) element);
            }
        });
    }

    Control control() {
        return viewer.getControl();
    }

    /** Shows new rows, keeping the selected merge selected when it is still there. */
    void setRows(List<QueueRow> newRows) {
        QueueRow old = selected();
        rows = newRows;
        viewer.setInput(rows);
        fitClipColumn();
        if (old != null) {
            for (QueueRow r : rows) {
                if (r.merge().id() == old.merge().id()) {
                    viewer.getTable().setSelection(rows.indexOf(r));
                    break;
                }
            }
        }
    }

    /** Widens the clip:frame column to its longest entry (long clip names), never narrows it. */
    private void fitClipColumn() {
        TableColumn column = viewer.getTable().getColumn(CLIP_COLUMN);
        int width = column.getWidth();
        GC gc = new GC(viewer.getTable());
        try {
            for (QueueRow r : rows) {
                width = Math.max(width, gc.textExtent(r.clipFrame()).x + 16);
            }
        } finally {
            gc.dispose();
        }
        if (width > column.getWidth()) {
            column.setWidth(width);
        }
    }

    List<QueueRow> rows() {
        return rows;
    }

    /** The table as the view's selection provider: other views (the Secondary Graph) follow the selected dead end. */
    TableViewer viewer() {
        return viewer;
    }

    QueueRow selected() {
        Object o = viewer.getStructuredSelection().getFirstElement();
        return o instanceof QueueRow r ? r : null;
    }

    /** Selects a row as a click would (tests, and the view's first selection). */
    void select(QueueRow row) {
        viewer.setSelection(new StructuredSelection(row), true);
    }
}
