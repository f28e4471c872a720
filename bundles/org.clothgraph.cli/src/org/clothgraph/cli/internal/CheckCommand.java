package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.cli.Cli;
import org.clothgraph.model.CheckReport;
import org.clothgraph.model.Project;

/** {@code check}: verifies every invariant of a stored project; exit 0 only when clean. */
public final class CheckCommand extends WorkspaceCommand {
    public CheckCommand() {
        super("check", "Verify a stored project: referential integrity, files, frame checksums, no dead ends;"
                + " say what gc would reclaim.");
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--json]";
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        CheckReport report = project.check(new ConsoleProgressMonitor(err));
        if (args.flag("json")) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("clean", report.clean());
            m.put("checked", report.checked());
            List<Map<String, String>> v = new ArrayList<>();
            for (CheckReport.Violation violation : report.violations()) {
                v.add(Map.of("where", violation.where(), "what", violation.what()));
            }
            m.put("violations", v);
            List<Map<String, Object>> r = new ArrayList<>();
            for (CheckReport.Reclaimable x : report.reclaimable()) {
                r.add(Map.of("where", x.where(), "what", x.what(), "bytes", x.bytes()));
            }
            m.put("reclaimable", r);
            m.put("reclaimableBytes", report.reclaimableBytes());
            JsonOutput.print(out, m);
        } else {
            for (String c : report.checked()) {
                out.println("checked: " + c);
            }
            for (CheckReport.Violation violation : report.violations()) {
                out.println("VIOLATION " + violation);
            }
            for (CheckReport.Reclaimable x : report.reclaimable()) {
                out.println("RECLAIMABLE " + x);
            }
            String reclaim = report.reclaimable().isEmpty() ? "" : String.format(java.util.Locale.ROOT,
                    " (%,d bytes reclaimable: clothgraph gc)", report.reclaimableBytes());
            out.println((report.clean() ? "clean" : report.violations().size() + " violation(s)") + reclaim);
        }
        return report.clean() ? Cli.OK : Cli.VIOLATIONS;
    }
}
