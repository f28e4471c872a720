package org.clothgraph.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.clothgraph.cli.Cli;
import org.clothgraph.explore.ExpansionResult;
import org.clothgraph.explore.ExpansionUnit;
import org.clothgraph.explore.UnitRunner;
import org.clothgraph.explore.slurm.UnitServer;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.StorageException;
import org.clothgraph.sim.XpbdClothSimulator;

/**
 * {@code worker}: runs one unit of work of an exploration in this process and writes its result record next to
 * it (or to {@code --result}); the coordinator commits it. With {@code --serve DIR} it is a pilot: it serves units
 * from a queue folder until told to stop or idle (a Slurm pilot job runs this). The same code runs units in threads
 * and on clusters.
 */
public final class WorkerCommand extends Command {
    public WorkerCommand() {
        super("worker", "Run one exploration unit of work and write its frames and result record.");
        option(Option.value("unit", "FILE", "the unit of work (one of --unit and --serve)"));
        option(Option.value("result", "FILE", "where to write the result (default: FILE.result)"));
        option(Option.value("serve", "DIR", "serve the units of a queue folder (a project's slurm/) until it says stop"
                + " or none came for --idle-seconds"));
        option(Option.value("expect-version", "V", "with --serve: refuse, with one line, unless this product's version"
                + " is V (the controller's)"));
        option(Option.value("idle-seconds", "S", "with --serve: exit when no unit came for S seconds (default 120)"));
        option(Option.value("threads", "T", "with --serve: units served at once (default: SLURM_CPUS_PER_TASK, else 1)"));
    }

    @Override
    protected String usage() {
        return "--unit FILE [--result FILE] | --serve DIR [--expect-version V] [--idle-seconds S] [--threads T]";
    }

    @Override
    public int run(Args args, PrintStream out, PrintStream err) {
        if (args.value("serve").isPresent()) {
            Path dir = args.requiredPath("serve");
            if (!Files.isDirectory(dir)) {
                throw new InvalidInputException(dir, null, "not a queue folder (no such directory)");
            }
            UnitServer.Options o = new UnitServer.Options(dir, args.value("expect-version").orElse(""),
                    args.intValue("threads", UnitServer.threadsFromEnvironment(), 1, 256),
                    args.intValue("idle-seconds", 120, 1, 86_400), UnitServer.jobFromEnvironment());
            int rc = new UnitServer(o, new XpbdClothSimulator(), out).serve(
                    new ConsoleProgressMonitor(err).cancelOnShutdown());
            return rc == 0 ? Cli.OK : Cli.BAD_INPUT;
        }
        Path unitFile = args.requiredPath("unit");
        Path resultFile = args.value("result").map(p -> Path.of(p).toAbsolutePath())
                .orElse(unitFile.resolveSibling(unitFile.getFileName() + ".result"));
        ExpansionUnit unit;
        try {
            unit = ExpansionUnit.fromBytes(Files.readAllBytes(unitFile));
        } catch (IOException e) {
            throw new InvalidInputException(unitFile, null, e.getMessage());
        }
        ExpansionResult r = UnitRunner.run(unit, new XpbdClothSimulator(),
                new ConsoleProgressMonitor(err).cancelOnShutdown());
        try {
            Path tmp = resultFile.resolveSibling(resultFile.getFileName() + ".tmp");
            Files.write(tmp, r.toBytes());
            Files.move(tmp, resultFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StorageException("cannot write " + resultFile + ": " + e.getMessage(), e);
        }
        out.println(r.failed() ? "unit " + unit.id() + " failed: " + r.failure()
                : "unit " + unit.id() + ": " + r.frameCount() + " frames -> " + resultFile);
        return r.failed() ? 1 : 0;
    }
}
