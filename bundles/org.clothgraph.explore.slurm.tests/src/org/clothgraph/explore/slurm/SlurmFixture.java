package org.clothgraph.explore.slurm;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.clothgraph.explore.slurm.internal.NodeMain;
import org.clothgraph.explore.slurm.internal.QueueFolder;
import org.clothgraph.testing.JavaLauncher;

/**
 * A product folder for the nodes of the single-node cluster the tests run on ({@code releng/slurm-local start},
 * brought up by {@code releng/run-tests}): a {@code clothgraph} launcher that starts the pilot ({@link NodeMain}, the
 * {@link UnitServer} the product's {@code worker --serve} runs) on the class path of the bundles under test.
 */
final class SlurmFixture {
    private SlurmFixture() {
    }

    /** A product folder for the nodes whose {@code clothgraph} runs the pilot with the bundles under test. */
    static Path nodeProduct(Path dir) {
        JavaLauncher.write(dir.resolve("clothgraph"), NodeMain.class.getName(), NodeMain.classPathRoots());
        return dir;
    }

    /** Settings for the tests' node: 2 pilots of 1 CPU, the node product above, a short idle time. */
    static SlurmSettings settings(Path product) {
        return SlurmSettings.defaults().withProductPath(product.toString()).withMaxJobs(2).withMemoryMb(1536)
                .withIdleSeconds(60).withMaxAttempts(3);
    }

    /** How often each unit (by key) was run to its end, over every pilot log of a project's queue folder. */
    static Map<String, Integer> unitRuns(Path project) {
        Map<String, Integer> runs = new HashMap<>();
        Path logs = QueueFolder.of(project).logs();
        if (!Files.isDirectory(logs)) {
            return runs;
        }
        try (Stream<Path> s = Files.list(logs)) {
            for (Path log : (Iterable<Path>) s::iterator) {
                for (String line : Files.readAllLines(log)) {
                    // "unit ID KEY: N frames in S s"
                    String[] f = line.split(" ");
                    if (f.length > 3 && f[0].equals("unit") && f[2].endsWith(":")) {
                        runs.merge(f[2].substring(0, f[2].length() - 1), 1, Integer::sum);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return runs;
    }

    /** Runs a command to its end; its output. */
    static String run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail(String.join(" ", cmd) + " did not end");
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The pid of the running slurmd, as its pid file says (releng/slurm-local's state folder). */
    static long slurmdPid() {
        Path pidFile = Path.of(System.getenv().getOrDefault("SLURM_LOCAL_DIR", "/var/tmp/clothgraph-slurm"), "run",
                "slurmd.pid");
        try {
            return Long.parseLong(Files.readString(pidFile).strip());
        } catch (IOException | NumberFormatException e) {
            fail("no slurmd pid in " + pidFile + ": " + e);
            return -1;
        }
    }
}
