package org.clothgraph.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.clothgraph.explore.ExpansionResult;
import org.clothgraph.explore.ExpansionUnit;
import org.clothgraph.explore.UnitRunner;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.StorageException;
import org.clothgraph.sim.XpbdClothSimulator;

/**
 * {@code worker}: runs one unit of work of an exploration in this process and writes its result record next to
 * it (or to {@code --result}); the coordinator commits it. The same code runs units in threads and on clusters.
 */
public final class WorkerCommand extends Command {
    public WorkerCommand() {
        super("worker", "Run one exploration unit of work and write its frames and result record.");
        option(Option.value("unit", "FILE", "the unit of work (required)"));
        option(Option.value("result", "FILE", "where to write the result (default: FILE.result)"));
    }

    @Override
    protected String usage() {
        return "--unit FILE [--result FILE]";
    }

    @Override
    public int run(Args args, PrintStream out, PrintStream err) {
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
