package org.clothgraph.playback.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.clothgraph.compress.Compressor;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * The compression report of a runtime database the project recorded (what {@code compress --json} printed when it was
 * written, kept in the project): bytes by part, ratio, bits per vertex per frame, 8-bit share, errors, beside the
 * paper's scheme on the same data, and the energy per basis vector plotted.
 */
final class CompressionReportDialog extends Dialog {
    /** One row: what, ours, the paper's scheme. */
    record Row(String what, String ours, String paper) {
    }

    private final String database;
    private final JsonObject report;
    private EnergyChart chart;
    private final List<Label> cells = new ArrayList<>();

    private CompressionReportDialog(Shell parent, String database, JsonObject report) {
        super(parent);
        this.database = database;
        this.report = report;
        setShellStyle(getShellStyle() | SWT.RESIZE);
    }

    /**
     * The report of database {@code name} of the project.
     *
     * @throws InvalidInputException naming the project database and the report when there is none or it is unreadable
     */
    static CompressionReportDialog of(Shell parent, Project project, String name) {
        String where = project.folder().resolve(ProjectFormat.DATABASE_FILE).toString();
        String json = project.setting(Compressor.SETTINGS_SCOPE, name).orElseThrow(() -> new InvalidInputException(
                where, "setting " + Compressor.SETTINGS_SCOPE + "." + name, "no compression report for database '"
                        + name + "' (compressed by an older ClothGraph? compress it again)"));
        try {
            JsonElement e = JsonParser.parseString(json);
            if (!e.isJsonObject()) {
                throw new JsonParseException("not an object");
            }
            return new CompressionReportDialog(parent, name, e.getAsJsonObject());
        } catch (JsonParseException | StackOverflowError e) {
            throw new InvalidInputException(where, "setting " + Compressor.SETTINGS_SCOPE + "." + name,
                    "the compression report is not readable JSON");
        }
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Compression report: " + database);
    }

    @Override
    protected Point getInitialSize() {
        return new Point(860, 700);
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, IDialogConstants.CLOSE_LABEL, true);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        Label heading = new Label(area, SWT.WRAP);
        heading.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        heading.setText(String.format(Locale.ROOT, "%s: %,d vertices, %,d frames (%,d states, %,d transitions),"
                + " %d basis vectors, tolerance %s mm. Every frame was decoded to measure the errors.",
                text("garment"), (long) number("vertices"), (long) number("frames"), (long) number("states"),
                (long) number("transitions"), (long) number("basis"), text("toleranceMm")));
        Composite table = new Composite(area, SWT.NONE);
        table.setLayout(new GridLayout(3, false));
        table.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        cell(table, "", true);
        cell(table, "ClothGraph", true);
        cell(table, "the paper's scheme, same data", true);
        for (Row r : rows()) {
            cell(table, r.what(), false);
            cell(table, r.ours(), false);
            cell(table, r.paper(), false);
        }
        Label notes = new Label(area, SWT.WRAP);
        GridData nd = new GridData(SWT.FILL, SWT.TOP, true, false);
        nd.widthHint = 800;
        notes.setLayoutData(nd);
        notes.setText(String.format(Locale.ROOT, "SVD truncation alone: max %.3f mm, mean %.3f mm; energy captured by"
                + " the basis %s. Projected to the paper's robe (29,654 vertices, 99,352 frames): %s.",
                number("truncationMaxErrorMm"), number("truncationMeanErrorMm"), text("energyCaptured"),
                projection()));
        chart = new EnergyChart(area);
        GridData cd = new GridData(SWT.FILL, SWT.FILL, true, true);
        cd.heightHint = 260;
        chart.control().setLayoutData(cd);
        chart.setEnergy(energy());
        return area;
    }

    private void cell(Composite parent, String text, boolean bold) {
        Label l = new Label(parent, SWT.NONE);
        l.setText(text);
        if (bold) {
            l.setFont(org.eclipse.jface.resource.JFaceResources.getBannerFont());
        }
        l.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        cells.add(l);
    }

    /** The table's rows, ours beside the paper's scheme. */
    List<Row> rows() {
        JsonObject paper = object(report, "paperScheme");
        JsonObject parts = object(report, "bytesByPart");
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("bytes", bytes(number("compressedBytes")), bytes(number(paper, "bytes"))));
        rows.add(new Row("basis / coefficients / graph", bytes(number(parts, "basis")) + " / "
                + bytes(number(parts, "coefficients")) + " / " + bytes(number(parts, "graph")),
                bytes(number(paper, "basisBytes")) + " / " + bytes(number(paper, "coefficientBytes")) + " / "
                        + bytes(number(paper, "graphBytes"))));
        rows.add(new Row("ratio to raw (" + bytes(number("rawBytes")) + ")", ratio(number("ratio")),
                ratio(number(paper, "ratio"))));
        rows.add(new Row("bits per vertex per frame", fixed(number("bitsPerVertexPerFrame"), 2),
                fixed(number(paper, "bitsPerVertexPerFrame"), 2)));
        rows.add(new Row("8-bit basis vectors", percent(number("eightBitShare")), percent(number(paper,
                "eightBitShare"))));
        rows.add(new Row("max / mean vertex error", mm(number("maxErrorMm")) + " / " + mm(number("meanErrorMm")),
                mm(number(paper, "maxErrorMm")) + " / " + mm(number(paper, "meanErrorMm"))));
        rows.add(new Row("quantisation error alone (max)", mm(number("quantisationMaxErrorMm")),
                mm(number(paper, "quantisationMaxErrorMm"))));
        rows.add(new Row("size of the paper's scheme / ours", "", String.format(Locale.ROOT, "%.2fx",
                number(paper, "sizeOverOurs"))));
        return rows;
    }

    /** The energy per basis vector as reported. */
    double[] energy() {
        JsonElement e = report.get("energyPerVector");
        if (e == null || !e.isJsonArray()) {
            return new double[0];
        }
        double[] out = new double[e.getAsJsonArray().size()];
        for (int i = 0; i < out.length; i++) {
            JsonElement x = e.getAsJsonArray().get(i);
            out[i] = x.isJsonPrimitive() && x.getAsJsonPrimitive().isNumber() ? x.getAsDouble() : 0;
        }
        return out;
    }

    EnergyChart chart() {
        return chart;
    }

    List<String> cellTexts() {
        return cells.stream().map(Label::getText).toList();
    }

    private String projection() {
        JsonObject p = object(report, "projectionToPaperSize");
        JsonElement ours = p.get("oursRatio");
        JsonElement paper = p.get("paperSchemeRatio");
        if (ours == null) {
            return "not reported";
        }
        return String.format(Locale.ROOT, "ours %,.0f : 1%s", ours.getAsDouble(), paper == null ? ""
                : String.format(Locale.ROOT, ", the paper's scheme %,.0f : 1", paper.getAsDouble()));
    }

    private String text(String name) {
        JsonElement e = report.get(name);
        return e == null || e.isJsonNull() ? "?" : e.getAsString();
    }

    private double number(String name) {
        return number(report, name);
    }

    private static double number(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber() ? e.getAsDouble() : Double.NaN;
    }

    private static JsonObject object(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e != null && e.isJsonObject() ? e.getAsJsonObject() : new JsonObject();
    }

    private static String bytes(double b) {
        return Double.isNaN(b) ? "?" : String.format(Locale.ROOT, "%,.0f B", b);
    }

    private static String ratio(double r) {
        return Double.isNaN(r) ? "?" : String.format(Locale.ROOT, "%,.1f : 1", r);
    }

    private static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "?" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "?" : String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    private static String mm(double v) {
        return Double.isNaN(v) ? "?" : String.format(Locale.ROOT, "%.3f mm", v);
    }
}
