package org.clothgraph.explore.slurm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;

/**
 * How exploration runs on a Slurm cluster, stored in the project (scope {@value #SCOPE}) like the simulator
 * settings, edited in the Exploration view and by {@code explore --backend slurm --partition P ...}.
 *
 * @param partition the partition jobs go to (empty: the cluster's default)
 * @param account the account jobs are charged to (empty: the user's default)
 * @param timeLimit wall-clock limit of one pilot job in Slurm's notation (minutes, MM:SS, HH:MM:SS, D-HH:MM;
 *        empty: the partition's default); a pilot that reaches it is TIMEOUT and its unit in flight is retried
 * @param cpusPerTask CPUs of one pilot job: it runs this many simulations at once (one solver thread each)
 * @param memoryMb memory of one pilot job in MB
 * @param maxJobs pilot jobs in flight at most (pending or running)
 * @param extraArgs further sbatch arguments, split at white space (e.g. {@code --qos=low --constraint=avx2})
 * @param productPath the ClothGraph product folder on the nodes (it holds the {@code clothgraph} launcher; empty:
 *        this product's own folder, for a product on the shared file system)
 * @param maxAttempts how often a unit is placed before it is quarantined (a pilot that fails, times out, is
 *        cancelled or whose node dies gives its unit in flight back)
 * @param idleSeconds a pilot with nothing to do exits after this long
 */
public record SlurmSettings(String partition, String account, String timeLimit, int cpusPerTask, int memoryMb,
        int maxJobs, String extraArgs, String productPath, int maxAttempts, int idleSeconds) {

    public static final String SCOPE = "slurm";
    private static final String KEY = "settings";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.,+-]*");
    private static final Pattern TIME = Pattern.compile("(\\d+-)?\\d+(:\\d+){0,2}|");
    /** Options the backend sets itself: given again they would break the pilots. */
    private static final Set<String> OWN = Set.of("--array", "-a", "--output", "-o", "--error", "-e", "--parsable",
            "--job-name", "-J", "--chdir", "-D", "--wrap");

    public SlurmSettings {
        partition = partition == null ? "" : partition.trim();
        account = account == null ? "" : account.trim();
        timeLimit = timeLimit == null ? "" : timeLimit.trim();
        extraArgs = extraArgs == null ? "" : extraArgs.trim();
        productPath = productPath == null ? "" : productPath.trim();
        require(NAME.matcher(partition).matches(), "partition", "a partition name (letters, digits, _ . , + -)");
        require(NAME.matcher(account).matches(), "account", "an account name (letters, digits, _ . , + -)");
        require(TIME.matcher(timeLimit).matches(), "timeLimit",
                "Slurm's time notation: minutes, HH:MM:SS or D-HH:MM (was '" + timeLimit + "')");
        require(cpusPerTask >= 1 && cpusPerTask <= 256, "cpusPerTask", "1..256");
        require(memoryMb >= 64 && memoryMb <= 16_777_216, "memoryMb", "64..16777216 MB");
        require(maxJobs >= 1 && maxJobs <= 10_000, "maxJobs", "1..10000");
        require(maxAttempts >= 1 && maxAttempts <= 100, "maxAttempts", "1..100");
        require(idleSeconds >= 5 && idleSeconds <= 86_400, "idleSeconds", "5..86400 seconds");
        for (String a : split(extraArgs)) {
            require(a.startsWith("-"), "extraArgs", "sbatch options starting with '-' (was '" + a + "')");
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            require(!OWN.contains(name), "extraArgs", "not " + name + ": the backend sets it");
        }
    }

    private static void require(boolean ok, String field, String range) {
        if (!ok) {
            throw new InvalidInputException("slurm settings", field, "must be " + range);
        }
    }

    static List<String> split(String args) {
        List<String> out = new ArrayList<>();
        for (String s : args.trim().split("\\s+")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    public List<String> extraArgList() {
        return split(extraArgs);
    }

    public static SlurmSettings defaults() {
        return new SlurmSettings("", "", "", 1, 2048, 2, "", "", 3, 120);
    }

    public SlurmSettings withPartition(String p) {
        return new SlurmSettings(p, account, timeLimit, cpusPerTask, memoryMb, maxJobs, extraArgs, productPath,
                maxAttempts, idleSeconds);
    }

    public SlurmSettings withAccount(String a) {
        return new SlurmSettings(partition, a, timeLimit, cpusPerTask, memoryMb, maxJobs, extraArgs, productPath,
                maxAttempts, idleSeconds);
    }

    public SlurmSettings withTimeLimit(String t) {
        return new SlurmSettings(partition, account, t, cpusPerTask, memoryMb, maxJobs, extraArgs, productPath,
                maxAttempts, idleSeconds);
    }

    public SlurmSettings withCpusPerTask(int c) {
        return new SlurmSettings(partition, account, timeLimit, c, memoryMb, maxJobs, extraArgs, productPath,
                maxAttempts, idleSeconds);
    }

    public SlurmSettings withMemoryMb(int mb) {
        return new SlurmSettings(partition, account, timeLimit, cpusPerTask, mb, maxJobs, extraArgs, productPath,
                maxAttempts, idleSeconds);
    }

    public SlurmSettings withMaxJobs(int n) {
        return new SlurmSettings(partition, account, timeLimit, cpusPerTask, memoryMb, n, extraArgs, productPath,
                maxAttempts, idleSeconds);
    }

    public SlurmSettings withExtraArgs(String a) {
        return new SlurmSettings(partition, account, timeLimit, cpusPerTask, memoryMb, maxJobs, a, productPath,
                maxAttempts, idleSeconds);
    }

    public SlurmSettings withProductPath(String p) {
        return new SlurmSettings(partition, account, timeLimit, cpusPerTask, memoryMb, maxJobs, extraArgs, p,
                maxAttempts, idleSeconds);
    }

    public SlurmSettings withMaxAttempts(int n) {
        return new SlurmSettings(partition, account, timeLimit, cpusPerTask, memoryMb, maxJobs, extraArgs, productPath,
                n, idleSeconds);
    }

    public SlurmSettings withIdleSeconds(int s) {
        return new SlurmSettings(partition, account, timeLimit, cpusPerTask, memoryMb, maxJobs, extraArgs, productPath,
                maxAttempts, s);
    }

    public String toJson() {
        return new Gson().toJson(this);
    }

    /** The project's settings, or the defaults when none are stored. */
    public static SlurmSettings of(Project project) {
        return project.setting(SCOPE, KEY).map(json -> {
            try {
                SlurmSettings s = new Gson().fromJson(json, SlurmSettings.class);
                // records through Gson skip the canonical constructor: validate by constructing again
                return new SlurmSettings(s.partition, s.account, s.timeLimit, s.cpusPerTask, s.memoryMb, s.maxJobs,
                        s.extraArgs, s.productPath, s.maxAttempts, s.idleSeconds);
            } catch (JsonParseException | NullPointerException e) {
                throw new InvalidInputException(project.folder().resolve("clothgraph.db").toString(),
                        "setting." + SCOPE + "." + KEY, "unreadable Slurm settings: " + e.getMessage());
            } catch (InvalidInputException e) {
                throw new InvalidInputException(project.folder().resolve("clothgraph.db").toString(),
                        "setting." + SCOPE + "." + KEY + "." + e.location(),
                        e.getMessage().substring(e.getMessage().indexOf(": ") + 2));
            }
        }).orElse(defaults());
    }

    public void store(Project project) {
        project.setSetting(SCOPE, KEY, toJson());
    }
}
