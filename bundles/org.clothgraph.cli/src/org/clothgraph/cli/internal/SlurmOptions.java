package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.util.Locale;

import org.clothgraph.explore.slurm.ExplorationBackend;
import org.clothgraph.explore.slurm.SlurmSettings;
import org.clothgraph.explore.slurm.SlurmStatus;

/** The options of the exploration backend and its Slurm settings, shared by {@code explore} and {@code bench}. */
final class SlurmOptions {
    private SlurmOptions() {
    }

    static void add(Command c) {
        c.option(Option.value("backend", "local|slurm", "where units of work run: threads of this process or pilot jobs"
                + " on a Slurm cluster (default: the project's, local); stored in the project"));
        c.option(Option.value("partition", "P", "slurm: partition (stored in the project, as are the options below)"));
        c.option(Option.value("account", "A", "slurm: account"));
        c.option(Option.value("time", "LIMIT", "slurm: time limit of a pilot job (minutes, HH:MM:SS, D-HH:MM)"));
        c.option(Option.value("cpus-per-task", "C", "slurm: CPUs of a pilot job (units it runs at once; default 1)"));
        c.option(Option.value("mem-mb", "MB", "slurm: memory of a pilot job (default 2048)"));
        c.option(Option.value("max-jobs", "N", "slurm: pilot jobs in flight at most (default 2)"));
        c.option(Option.value("sbatch-args", "ARGS", "slurm: further sbatch options, e.g. \"--qos=low\""));
        c.option(Option.value("product-path", "DIR", "slurm: the ClothGraph product folder on the nodes (default: this"
                + " one, for a product on the shared file system)"));
        c.option(Option.value("max-attempts", "N", "slurm: placements of a unit before it is quarantined (default 3)"));
        c.option(Option.value("idle-seconds", "S", "slurm: a pilot with nothing to do exits after S seconds (default 120)"));
    }

    static String usage() {
        return "[--backend local|slurm] [--partition P] [--account A] [--time LIMIT] [--cpus-per-task C] [--mem-mb MB]"
                + " [--max-jobs N] [--sbatch-args ARGS] [--product-path DIR] [--max-attempts N] [--idle-seconds S]";
    }

    static ExplorationBackend backend(Args args, ExplorationBackend current) {
        return args.value("backend").map(v -> ExplorationBackend.parse("option", "--backend", v)).orElse(current);
    }

    /** The settings with the options given applied. */
    static SlurmSettings apply(Args args, SlurmSettings s) {
        s = s.withPartition(args.value("partition").orElse(s.partition()))
                .withAccount(args.value("account").orElse(s.account()))
                .withTimeLimit(args.value("time").orElse(s.timeLimit()))
                .withCpusPerTask(args.intValue("cpus-per-task", s.cpusPerTask(), 1, 256))
                .withMemoryMb(args.intValue("mem-mb", s.memoryMb(), 64, 16_777_216))
                .withMaxJobs(args.intValue("max-jobs", s.maxJobs(), 1, 10_000))
                .withExtraArgs(args.value("sbatch-args").orElse(s.extraArgs()))
                .withProductPath(args.value("product-path").orElse(s.productPath()))
                .withMaxAttempts(args.intValue("max-attempts", s.maxAttempts(), 1, 100))
                .withIdleSeconds(args.intValue("idle-seconds", s.idleSeconds(), 5, 86_400));
        return s;
    }

    /** Prints a line whenever a pilot job changes state or a unit is given back. */
    static SlurmStatus.Listener printer(PrintStream err) {
        return new SlurmStatus.Listener() {
            private String lastMessage = "";

            @Override
            public void status(SlurmStatus s) {
                if (!s.message().equals(lastMessage)) {
                    lastMessage = s.message();
                    long running = s.jobs().stream().filter(j -> j.state().equals("RUNNING")).count();
                    long pending = s.jobs().stream().filter(j -> j.state().equals("PENDING")).count();
                    err.println(String.format(Locale.ROOT, "slurm: %s (%d pilot jobs running, %d pending)",
                            s.message(), running, pending));
                }
            }
        };
    }
}
