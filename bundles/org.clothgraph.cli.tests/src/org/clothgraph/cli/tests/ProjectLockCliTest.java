package org.clothgraph.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.clothgraph.cli.Cli;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Write commands refuse a project that is being written (one line naming the writer, exit 2) or, with --wait,
 * wait for it; reads go on. The writer here is another open project of this JVM; the model tests do the same
 * with a second process.
 */
class ProjectLockCliTest {
    @TempDir
    Path dir;
    private Path ws;

    @BeforeEach
    void smallDemo() {
        ws = dir.resolve("w");
        CliRun r = CliRun.of("demo", "--workspace", ws.toString(), "--headless", "--frames", "0", "--clip-frames", "40",
                "--vertices", "700");
        assertEquals(Cli.OK, r.code(), r.err());
    }

    @Test
    void writeCommandsAreRefusedWhileTheProjectIsWrittenAndReadsWork() {
        String w = ws.toString();
        try (Project writer = Project.open(ws)) {
            writer.claimWriter();
            String[][] writes = { { "simulate", "--workspace", w, "--clips", "walk", "--frames", "5" },
                { "explore", "--workspace", w, "--frames", "10" }, { "motion", "graph", "--workspace", w },
                { "garment", "robe", "--workspace", w, "--vertices", "300" },
                { "demo", "--workspace", w, "--headless", "--frames", "0", "--force" } };
            for (String[] command : writes) {
                CliRun r = CliRun.of(command);
                assertEquals(Cli.BAD_INPUT, r.code(), command[0] + ": " + r.err());
                assertEquals(1, r.err().strip().lines().count(), r.err());
                assertTrue(r.err().contains(ws.resolve(ProjectFormat.LOCK_FILE).toString()), r.err());
                assertTrue(r.err().contains("process " + ProcessHandle.current().pid()), r.err());
                assertFalse(r.err().contains("internal error"), r.err());
            }
            CliRun stats = CliRun.of("stats", "--workspace", w, "--json");
            assertEquals(Cli.OK, stats.code(), stats.err());
            CliRun check = CliRun.of("check", "--workspace", w);
            assertEquals(Cli.OK, check.code(), check.out() + check.err());
            assertEquals(Cli.OK, CliRun.of("garment", "list", "--workspace", w).code(), "listing is a read");
        }
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", w).code(), "the refused commands changed nothing");
    }

    @Test
    void simulateWithWaitRunsOnceTheWriterCloses() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Project writer = Project.open(ws);
        CompletableFuture<Integer> code;
        try {
            writer.claimWriter();
            PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
            code = CompletableFuture.supplyAsync(() -> new Cli(o, e).run("simulate", "--workspace", ws.toString(),
                    "--clips", "walk", "--frames", "5", "--wait", "--json"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!err.toString(StandardCharsets.UTF_8).contains("waiting for it to finish")) {
                if (System.nanoTime() > deadline || code.isDone()) {
                    fail("simulate --wait did not say it waits: " + err.toString(StandardCharsets.UTF_8));
                }
                Thread.sleep(20);
            }
            assertFalse(code.isDone(), "simulate waits while the project is written");
        } finally {
            writer.close();
        }
        assertEquals(Cli.OK, code.get(300, TimeUnit.SECONDS).intValue(), err.toString(StandardCharsets.UTF_8));
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("is being written by process " + ProcessHandle.current().pid()), said);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("\"frames\": 5"), out.toString(StandardCharsets.UTF_8));
        assertEquals(Cli.OK, CliRun.of("check", "--workspace", ws.toString()).code());
    }
}
