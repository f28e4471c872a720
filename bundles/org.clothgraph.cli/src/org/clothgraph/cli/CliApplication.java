package org.clothgraph.cli;

import org.clothgraph.model.Project;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

/** The headless application {@code org.clothgraph.cli.app}: hands the arguments to {@link Cli}. */
public final class CliApplication implements IApplication {
    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        // other processes see this in the lock file of a project this one writes
        Project.describeProcess("clothgraph " + String.join(" ", args == null ? new String[0] : args));
        int code = new Cli(System.out, System.err).run(args == null ? new String[0] : args);
        System.out.flush();
        System.err.flush();
        return Integer.valueOf(code);
    }

    @Override
    public void stop() {
        // commands check their progress monitor; nothing to interrupt here
    }
}
