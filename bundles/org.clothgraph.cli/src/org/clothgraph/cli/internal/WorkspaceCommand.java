package org.clothgraph.cli.internal;

import java.io.PrintStream;

import org.clothgraph.model.Project;

/** A command that opens the project given by {@code --workspace} and closes it afterwards. */
abstract class WorkspaceCommand extends Command {
    protected WorkspaceCommand(String name, String summary) {
        super(name, summary);
        option(Option.value("workspace", "DIR", "the project folder (required)"));
        option(Option.flag("json", "machine-readable output on stdout"));
    }

    @Override
    public final int run(Args args, PrintStream out, PrintStream err) {
        try (Project project = Project.open(args.requiredPath("workspace"))) {
            return run(project, args, out, err);
        }
    }

    protected abstract int run(Project project, Args args, PrintStream out, PrintStream err);
}
