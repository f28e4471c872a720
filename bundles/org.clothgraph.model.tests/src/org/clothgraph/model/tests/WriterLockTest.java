package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.clothgraph.model.LockHolder;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.model.ProjectLockedException;
import org.clothgraph.model.WriterWait;
import org.clothgraph.testing.JavaLauncher;
import org.eclipse.core.commands.operations.ObjectUndoContext;
import org.eclipse.core.runtime.IProgressMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.JDBC;

/** One writer per project: a second JVM opens the project through ClothGraph's own classes and holds it. */
class WriterLockTest {
    @TempDir
    Path dir;

    @Test
    void anotherProcessWritingRefusesOrDelaysWritesButNotReads() throws Exception {
        Path folder = dir.resolve("p");
        Project.create(folder, "locks").close();
        try (Project p = Project.open(folder)) {
            // a read before the other process commits: its snapshot must not outlive the read
            assertEquals(Optional.empty(), p.setting("helper", "pid"));
            try (Helper helper = Helper.start(dir, folder)) {
                long pid = helper.pid();
                assertEquals(Optional.of(Long.toString(pid)), p.setting("helper", "pid"),
                        "a reader sees what the writing process committed");

                ProjectLockedException refused = assertThrows(ProjectLockedException.class,
                        () -> p.setSetting("test", "refused", "yes"));
                String m = refused.getMessage();
                assertFalse(m.contains("\n"), m);
                assertTrue(m.startsWith(folder.resolve(ProjectFormat.LOCK_FILE) + ": the project is being written by process "
                        + pid + " (" + Helper.DESCRIPTION + ") since "), m);
                assertTrue(m.endsWith("; wait for it or stop it"), m);
                assertEquals(pid, refused.holder().pid());
                assertFalse(p.isWriter());
                assertThrows(ProjectLockedException.class, () -> p.frames().writer(), "no frames appended beside a writer");

                // a second project of this JVM reads too; opening and closing it must leave SQLite's locks alone
                try (Project q = Project.open(folder)) {
                    assertEquals(Optional.of(Long.toString(pid)), q.setting("helper", "pid"));
                }
                assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());

                p.setWriterWait(WriterWait.upTo(Duration.ofMillis(300), h -> {
                    // a short wait that expires: refused like without waiting
                }));
                assertThrows(ProjectLockedException.class, () -> p.setSetting("test", "refused", "yes"));

                List<LockHolder> waitedFor = new CopyOnWriteArrayList<>();
                p.setWriterWait(WriterWait.upTo(Duration.ofSeconds(60), h -> {
                    waitedFor.add(h);
                    helper.finish();
                }));
                p.setSetting("test", "after", "yes");
                assertEquals(1, waitedFor.size(), waitedFor.toString());
                assertEquals(pid, waitedFor.get(0).pid());
                assertTrue(p.isWriter());
                assertEquals(Optional.of("yes"), p.setting("helper", "done"), "the other process's last write is kept");
                assertEquals(0, helper.exitCode(), helper::stderr);
            }
        }
        try (Project p = Project.open(folder)) {
            assertEquals(Optional.of("yes"), p.setting("test", "after"));
            assertEquals(Optional.empty(), p.setting("test", "refused"));
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());
        }
        assertEquals("", Files.readString(folder.resolve(ProjectFormat.LOCK_FILE)), "no stale name after close");
    }

    @Test
    void aSecondProjectOfThisProcessIsRefusedNamingThisProcess() {
        Path folder = dir.resolve("same");
        Project first = Project.create(folder, "same");
        try (Project second = Project.open(folder)) {
            first.setSetting("test", "first", "yes");
            assertTrue(first.isWriter());
            assertEquals(Optional.of("yes"), second.setting("test", "first"));
            ProjectLockedException e = assertThrows(ProjectLockedException.class,
                    () -> second.setSetting("test", "second", "yes"));
            assertEquals(ProcessHandle.current().pid(), e.holder().pid());
            assertTrue(e.getMessage().contains("another open project of this process, process "
                    + ProcessHandle.current().pid()), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            first.close();
            second.setSetting("test", "second", "yes");
            assertTrue(second.isWriter());
            assertEquals(Optional.of("yes"), second.setting("test", "first"));
        } finally {
            first.close();
        }
    }

    /** A second JVM that opens the project with ClothGraph's classes and holds its writer lock until told to finish. */
    private static final class Helper implements AutoCloseable {
        static final String DESCRIPTION = "writer lock test helper";
        private static final String SOURCE = """
                import java.nio.file.Path;

                import org.clothgraph.model.Project;

                public class LockHelper {
                    public static void main(String[] args) throws Exception {
                        Project.describeProcess(args[1]);
                        try (Project p = Project.open(Path.of(args[0]))) {
                            p.claimWriter();
                            p.setSetting("helper", "pid", Long.toString(ProcessHandle.current().pid()));
                            System.out.println("holding");
                            System.out.flush();
                            System.in.read(); // a line or end of input: finish
                            p.setSetting("helper", "done", "yes");
                        }
                    }
                }
                """;

        private final Process process;
        private final Path stderr;

        private Helper(Process process, Path stderr) {
            this.process = process;
            this.stderr = stderr;
        }

        static Helper start(Path dir, Path folder) throws Exception {
            Path source = dir.resolve("LockHelper.java");
            Files.writeString(source, SOURCE);
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            String classpath = JavaLauncher.classpath(Project.class, JDBC.class, ObjectUndoContext.class,
                    IProgressMonitor.class);
            Path stderr = dir.resolve("helper.err");
            Process process = new ProcessBuilder(java, "-cp", classpath, source.toString(), folder.toString(), DESCRIPTION)
                    .redirectError(stderr.toFile()).start();
            Helper helper = new Helper(process, stderr);
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null;) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    lines.add("stdout unreadable: " + e);
                }
            }, "lock helper stdout");
            reader.setDaemon(true);
            reader.start();
            String line = lines.poll(120, TimeUnit.SECONDS);
            if (!"holding".equals(line)) {
                helper.close();
                fail("the helper process did not take the lock (" + line + "; classpath " + classpath + "):\n"
                        + helper.stderr());
            }
            return helper;
        }

        long pid() {
            return process.pid();
        }

        void finish() {
            try {
                OutputStream in = process.getOutputStream();
                in.write('\n');
                in.close();
            } catch (IOException e) {
                // already finished: its input is closed
            }
        }

        int exitCode() throws InterruptedException {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                fail("the helper process did not exit:\n" + stderr());
            }
            return process.exitValue();
        }

        String stderr() {
            try {
                return Files.readString(stderr);
            } catch (IOException e) {
                return "(no stderr: " + e + ")";
            }
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }
}
