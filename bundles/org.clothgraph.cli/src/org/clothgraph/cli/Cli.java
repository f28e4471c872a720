package org.clothgraph.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.cli.internal.Args;
import org.clothgraph.cli.internal.BenchCommand;
import org.clothgraph.cli.internal.CheckCommand;
import org.clothgraph.cli.internal.CompressCommand;
import org.clothgraph.cli.internal.Command;
import org.clothgraph.cli.internal.DemoCommand;
import org.clothgraph.cli.internal.DressCommand;
import org.clothgraph.cli.internal.ExploreCommand;
import org.clothgraph.cli.internal.ExportCommand;
import org.clothgraph.cli.internal.GarmentCommand;
import org.clothgraph.cli.internal.GcCommand;
import org.clothgraph.cli.internal.MeasureCommand;
import org.clothgraph.cli.internal.MotionCommand;
import org.clothgraph.cli.internal.NewCommand;
import org.clothgraph.cli.internal.PlayCommand;
import org.clothgraph.cli.internal.SimulateCommand;
import org.clothgraph.cli.internal.StatsCommand;
import org.clothgraph.cli.internal.UsageException;
import org.clothgraph.cli.internal.WalkCommand;
import org.clothgraph.cli.internal.GraphCommand;
import org.clothgraph.cli.internal.WorkerCommand;
import org.clothgraph.explore.slurm.internal.SlurmCommands;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.runtime.RuntimeDatabaseException;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * Command dispatcher. Exit codes: 0 success, 2 bad input (one line naming the file and field),
 * 1 internal failure. Stack traces only with {@code --verbose}.
 */
public final class Cli {
    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int BAD_INPUT = 2;
    /** Exit code of a command whose check found violations. */
    public static final int VIOLATIONS = 3;

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, Command> commands = new LinkedHashMap<>();

    public Cli(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        for (Command c : new Command[] { new NewCommand(), new DemoCommand(), new StatsCommand(), new CheckCommand(), new GcCommand(),
                new MotionCommand(),
                new GarmentCommand(), new SimulateCommand(), new DressCommand(), new ExploreCommand(), new WalkCommand(),
                new WorkerCommand(), new BenchCommand(), new MeasureCommand(), new CompressCommand(), new PlayCommand(),
                new ExportCommand(), new GraphCommand() }) {
            commands.put(c.name(), c);
        }
    }

    public int run(String... argv) {
        boolean verbose = Arrays.asList(argv).contains("--verbose");
        if (argv.length == 0 || argv[0].equals("--help") || argv[0].equals("-h") || argv[0].equals("help")) {
            printHelp(out);
            return argv.length == 0 ? BAD_INPUT : OK;
        }
        Command command = commands.get(argv[0]);
        if (command == null) {
            err.println("clothgraph: unknown command '" + argv[0] + "' (try clothgraph --help)");
            return BAD_INPUT;
        }
        try {
            Args args = Args.parse(command, Arrays.copyOfRange(argv, 1, argv.length));
            if (args.flag("help")) {
                out.print(command.help());
                return OK;
            }
            return command.run(args, out, err);
        } catch (UsageException e) {
            err.println("clothgraph " + command.name() + ": " + e.getMessage());
            return BAD_INPUT;
        } catch (InvalidInputException e) {
            err.println("clothgraph " + command.name() + ": " + e.getMessage());
            if (verbose) {
                e.printStackTrace(err);
            }
            return BAD_INPUT;
        } catch (SlurmCommands.SlurmException e) {
            err.println("clothgraph " + command.name() + ": slurm: " + e.getMessage());
            if (verbose) {
                e.printStackTrace(err);
            }
            return FAILURE;
        } catch (java.io.UncheckedIOException e) {
            if (!(e.getCause() instanceof RuntimeDatabaseException)) {
                return internalError(command, e, verbose);
            }
            // a runtime database block that cannot be decoded, found while playing: bad input like any refused file
            err.println("clothgraph " + command.name() + ": " + e.getCause().getMessage());
            if (verbose) {
                e.printStackTrace(err);
            }
            return BAD_INPUT;
        } catch (OperationCanceledException e) {
            err.println("clothgraph " + command.name() + ": cancelled");
            return FAILURE;
        } catch (RuntimeException | Error e) {
            return internalError(command, e, verbose);
        }
    }

    private int internalError(Command command, Throwable e, boolean verbose) {
        err.println("clothgraph " + command.name() + ": internal error: " + e);
        if (verbose) {
            e.printStackTrace(err);
        } else {
            err.println("(run with --verbose for details)");
        }
        return FAILURE;
    }

    private void printHelp(PrintStream s) {
        s.println("usage: clothgraph <command> [options]     (no arguments: open the workbench)");
        s.println();
        s.println("commands:");
        for (Command c : commands.values()) {
            s.printf("  %-10s %s%n", c.name(), c.summary());
        }
        s.println();
        s.println("every command takes --help; --json gives machine-readable output; --verbose shows stack traces.");
        s.println("exit codes: 0 ok, 1 internal failure, 2 bad input, 3 check found violations.");
    }
}
