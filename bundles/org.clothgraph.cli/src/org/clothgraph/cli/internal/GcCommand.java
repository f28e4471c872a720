package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameCollector;

/**
 * {@code gc}: collects the orphan frames of a project (frames no cloth state, transition, staged initialisation
 * branch or run report refers to) and reclaims the segment bytes no indexed frame covers.
 */
public final class GcCommand extends WorkspaceCommand {
    public GcCommand() {
        super("gc", "Collect orphan frames and reclaim frame-store bytes nothing refers to.");
        offerWait();
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--wait] [--json]";
    }

    @Override
    protected boolean writes(Args args) {
        return true;
    }

    @Override
    protected int run(Project project, Args args, PrintStream out, PrintStream err) {
        FrameCollector.Result r = project.frames().collect(new ConsoleProgressMonitor(err));
        if (args.flag("json")) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("orphansCollected", r.orphansCollected());
            m.put("bytesReclaimed", r.bytesReclaimed());
            m.put("segmentsTruncated", r.segmentsTruncated());
            m.put("segmentsRewritten", r.segmentsRewritten());
            m.put("segmentsDeleted", r.segmentsDeleted());
            m.put("framesKept", r.framesKept());
            JsonOutput.print(out, m);
        } else {
            out.println(String.format(Locale.ROOT, "collected %,d orphan frames, reclaimed %,d bytes (%d segments"
                    + " truncated, %d rewritten, %d deleted); %,d frames kept", r.orphansCollected(), r.bytesReclaimed(),
                    r.segmentsTruncated(), r.segmentsRewritten(), r.segmentsDeleted(), r.framesKept()));
        }
        return 0;
    }
}
