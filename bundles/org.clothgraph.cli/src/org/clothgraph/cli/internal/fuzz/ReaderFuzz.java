package org.clothgraph.cli.internal.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Fuzzes the readers of user files ({@link FuzzTargets}): each reads {@code mutations} seeded mutations of a valid
 * file made by ClothGraph's own code. A reader may read a mutation or refuse it with its typed bad-input error, whose
 * one-line message names the file and the line or field; anything else (another exception, an error such as
 * OutOfMemoryError, a message that names neither) is counted and its first examples kept.
 */
public final class ReaderFuzz {

    /** What one reader did with its mutations. */
    public record Report(String reader, int mutations, int read, int refused, int otherExceptions, int badMessages,
            List<String> examples, double seconds) {
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("reader", reader);
            m.put("mutations", mutations);
            m.put("read", read);
            m.put("refused", refused);
            m.put("otherExceptions", otherExceptions);
            m.put("badMessages", badMessages);
            m.put("seconds", Math.round(seconds * 100) / 100.0);
            m.put("examples", examples);
            return m;
        }

        public String line() {
            return String.format(Locale.ROOT, "%-18s mutations %,7d  read %,7d  refused %,7d  other exceptions %d  bad"
                    + " messages %d  (%.1f s)", reader, mutations, read, refused, otherExceptions, badMessages, seconds);
        }
    }

    /** One reader under test. */
    public interface Target extends AutoCloseable {
        String name();

        /** Whether the format is text (number and line mutations work on text). */
        boolean text();

        /** The valid file the mutations start from. */
        byte[] seed();

        /** One mutation of the seed (a target may choose a part to mutate and re-seal the file around it). */
        default byte[] mutate(Mutator mutator) {
            return mutator.mutate(seed(), text());
        }

        /** Writes {@code content} where the reader reads it and reads it; returns normally when it was read. */
        void read(byte[] content) throws Exception;

        /** The file the mutation is written to. */
        String file();

        /**
         * The files the reader reads together (the mutated one and its partner, e.g. an ASF and its AMC): a refusal
         * names one of them, where a mutation of one makes the other inconsistent.
         */
        default List<String> files() {
            return List.of(file());
        }

        /** A refusal of the reader's typed bad-input kind, with the file and a line or field, or null when it is not. */
        default String refusal(Throwable t) {
            if (t instanceof InvalidInputException e) {
                boolean named = e.source() != null && files().stream().anyMatch(f -> e.source().equals(f));
                return named && e.location() != null && !e.getMessage().contains("\n") ? null
                        : "message names no file and line or field: " + e.getMessage();
            }
            return "not a bad-input error";
        }

        @Override
        default void close() throws IOException {
        }
    }

    /** A target's fixed facts: its name, whether it is text, its seed and the file the mutation goes to. */
    abstract static class BaseTarget implements Target {
        private final String name;
        private final boolean text;
        private final byte[] seed;
        private final String file;

        BaseTarget(String name, boolean text, byte[] seed, Path file) {
            this.name = name;
            this.text = text;
            this.seed = seed;
            this.file = file.toString();
        }

        @Override
        public final String name() {
            return name;
        }

        @Override
        public final boolean text() {
            return text;
        }

        @Override
        public final byte[] seed() {
            return seed;
        }

        @Override
        public final String file() {
            return file;
        }
    }

    private static final int EXAMPLES = 5;

    private ReaderFuzz() {
    }

    public static Report run(Target target, int mutations, long seed, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Fuzzing " + target.name(), mutations);
        Mutator mutator = new Mutator(seed ^ target.name().hashCode());
        int read = 0;
        int refused = 0;
        int other = 0;
        int bad = 0;
        List<String> examples = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < mutations; i++) {
            sub.split(1);
            byte[] content = target.mutate(mutator);
            try {
                target.read(content);
                read++;
            } catch (Throwable t) { // everything a reader lets escape is what is being measured
                if (t instanceof InvalidInputException) {
                    String problem = target.refusal(t);
                    if (problem == null) {
                        refused++;
                    } else {
                        bad++;
                        example(examples, i, problem);
                    }
                } else {
                    String problem = target.refusal(t);
                    if (problem == null) {
                        refused++;
                    } else {
                        other++;
                        example(examples, i, t.toString() + at(t));
                    }
                }
            }
        }
        return new Report(target.name(), mutations, read, refused, other, bad, examples, (System.nanoTime() - t0) / 1e9);
    }

    private static void example(List<String> examples, int i, String what) {
        if (examples.size() < EXAMPLES) {
            examples.add("mutation " + i + ": " + what.replace('\n', ' '));
        }
    }

    private static String at(Throwable t) {
        StackTraceElement[] s = t.getStackTrace();
        return s.length == 0 ? "" : " at " + s[0];
    }

    /** Reads content from a file of a fixed name under a scratch folder. */
    static Path write(Path file, byte[] content) throws IOException {
        Files.write(file, content);
        return file;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
