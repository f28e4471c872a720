package org.clothgraph.explore.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.clothgraph.explore.slurm.SlurmStatus;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;

/**
 * The Slurm backend's work items, as a render farm shows them: the pilot jobs (Slurm id, state, node, time, reason)
 * and the units of the round with the job that runs them, their placements and seconds on the node; failed and
 * cancelled jobs stay listed with their Slurm state and log tail. "Cancel all jobs" cancels every pilot of the
 * project.
 */
final class SlurmPanel {
    /** One line of the table: a job or a unit. */
    record Row(String kind, String name, String state, String job, String node, String attempts, String time,
            String detail) {
    }

    private final Composite panel;
    private final Label summary;
    private final Button cancelAll;
    private final TableViewer viewer;
    private List<Row> rows = List.of();
    private final Runnable onCancelAll;

    SlurmPanel(Composite parent, Runnable onCancelAll) {
        this.onCancelAll = onCancelAll;
        panel = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(2, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        panel.setLayout(layout);
        summary = new Label(panel, SWT.NONE);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        summary.setText("Slurm: no pilot jobs");
        cancelAll = new Button(panel, SWT.PUSH);
        cancelAll.setText("Cancel all jobs");
        cancelAll.setToolTipText("scancel every pilot job of this project and empty its queue; the round in flight is"
                + " abandoned");
        cancelAll.addListener(SWT.Selection, e -> onCancelAll.run());
        viewer = new TableViewer(panel, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        viewer.getTable().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        Table table = viewer.getTable();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        column("Item", 44, "job: a pilot job; unit: one branch of an expansion", Row::kind);
        column("Name", 150, "Slurm job id, or the unit's expansion", Row::name);
        column("State", 86, "Slurm's state of the job; QUEUED/RUNNING/DONE/FAILED/QUARANTINED for a unit", Row::state);
        column("Job", 56, "The pilot job that runs or ran the unit", Row::job);
        column("Time", 60, "Job: time running (Slurm); unit: seconds on the node", Row::time);
        column("Node", 50, "Where it runs", Row::node);
        column("Tries", 40, "Placements of the unit (a lost pilot gives its unit back)", Row::attempts);
        column("Reason / log", 240, "Slurm's reason or exit code, and the tail of the job's log", Row::detail);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.setInput(rows);
    }

    private void column(String title, int width, String tip, Function<Row, String> text) {
        TableViewerColumn c = new TableViewerColumn(viewer, SWT.LEFT);
        c.getColumn().setText(title);
        c.getColumn().setToolTipText(tip);
        GC gc = new GC(viewer.getTable());
        try {
            c.getColumn().setWidth(Math.max(width, gc.textExtent(title).x + 24));
        } finally {
            gc.dispose();
        }
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((Row) element);
            }
        });
    }

    Control control() {
        return panel;
    }

    /** Shows a status (UI thread). */
    void show(SlurmStatus s) {
        List<Row> next = rows(s);
        long running = s.jobs().stream().filter(j -> j.state().equals("RUNNING")).count();
        long pending = s.jobs().stream().filter(j -> j.state().equals("PENDING")).count();
        long failed = s.jobs().size() - running - pending;
        summary.setText(String.format(Locale.ROOT, "Slurm: %d running, %d pending, %d ended badly; %s", running, pending,
                failed, s.message()));
        rows = next;
        viewer.setInput(rows);
    }

    static List<Row> rows(SlurmStatus s) {
        List<Row> out = new ArrayList<>();
        for (SlurmStatus.Job j : s.jobs()) {
            out.add(new Row("job", j.id(), j.state(), j.id(), j.node(), "", j.elapsed(), j.reason()));
        }
        for (SlurmStatus.Unit u : s.units()) {
            out.add(new Row("unit", u.label(), u.state(), u.job(), u.node(), Integer.toString(u.attempts()),
                    u.seconds() > 0 ? String.format(Locale.ROOT, "%.2f s", u.seconds()) : "", ""));
        }
        return out;
    }

    void setCancelEnabled(boolean enabled) {
        cancelAll.setEnabled(enabled);
    }

    /** For tests: presses Cancel all jobs. */
    void pressCancelAll() {
        onCancelAll.run();
    }

    /** For tests: the rows shown. */
    List<Row> rows() {
        return rows;
    }

    String summary() {
        return summary.getText();
    }
}
