package org.clothgraph.cli.internal;

import java.io.PrintStream;

import org.clothgraph.cloth.CharacterSurface;
import org.clothgraph.model.Project;
import org.clothgraph.model.WriterWait;

/**
 * A command that opens the project given by {@code --workspace} and closes it afterwards. A command that
 * writes takes the project's writer lock before any work, so a project another process writes is refused
 * at once (one line naming that process, exit 2) or, with {@code --wait} where offered, waited for.
 */
abstract class WorkspaceCommand extends Command {
    protected WorkspaceCommand(String name, String summary) {
        super(name, summary);
        option(Option.value("workspace", "DIR", "the project folder (required)"));
        option(Option.flag("json", "machine-readable output on stdout"));
    }

    /** Offers {@code --wait}: wait while another process writes the project instead of refusing. */
    protected final void offerWait() {
        option(Option.flag("wait", "if another process is writing the project, wait until it finishes (default:"
                + " refuse)"));
    }

    /** True when this invocation writes the project. */
    protected boolean writes(Args args) {
        return false;
    }

    @Override
    public final int run(Args args, PrintStream out, PrintStream err) {
        try (Project project = Project.open(args.requiredPath("workspace"))) {
            if (writes(args)) {
                if (option("wait") != null && args.flag("wait")) {
                    project.setWriterWait(WriterWait.indefinitely(holder -> err.println("clothgraph " + name() + ": "
                            + project.folder() + " is being written by " + holder.describe()
                            + "; waiting for it to finish (Ctrl-C to give up)")));
                }
                project.claimWriter();
            }
            // a character imported with its own surface is drawn and collided with as that surface
            CharacterSurface.install(project);
            return run(project, args, out, err);
        }
    }

    protected abstract int run(Project project, Args args, PrintStream out, PrintStream err);
}
