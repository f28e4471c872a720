package org.clothgraph.explore.slurm.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The folder, on the file system the controller and the nodes share, through which units of work go to pilot jobs
 * and results come back. Every hand-over is one rename, atomic on POSIX file systems (NFS included):
 * <pre>
 * queue/NNNNNN-KEY.unit          a unit waiting (NNNNNN: the order pilots take them in)
 * running/JOB/NNNNNN-KEY.unit    taken by pilot JOB (renamed out of queue/: only one pilot gets it)
 * results/KEY.result             its result record (written beside it, then renamed into place)
 * logs/JOB.out                   the pilot's output (sbatch --output)
 * refused/JOB                    one line: why pilot JOB refused to serve (a product version mismatch)
 * stop                           pilots exit when they see it
 * </pre>
 * KEY is a digest of the unit's bytes, so a controller that restarts and builds the same round again finds the
 * units it had queued and the results that came in while it was away.
 */
public final class QueueFolder {
    public static final String UNIT = ".unit";
    public static final String RESULT = ".result";

    private final Path root;

    public QueueFolder(Path root) {
        this.root = root;
    }

    /** The queue folder of a project. */
    public static QueueFolder of(Path projectFolder) {
        return new QueueFolder(projectFolder.resolve("slurm"));
    }

    public Path root() {
        return root;
    }

    public Path queue() {
        return root.resolve("queue");
    }

    public Path running() {
        return root.resolve("running");
    }

    public Path results() {
        return root.resolve("results");
    }

    public Path logs() {
        return root.resolve("logs");
    }

    public Path refused() {
        return root.resolve("refused");
    }

    public Path stopFile() {
        return root.resolve("stop");
    }

    public void create() {
        try {
            for (Path p : List.of(queue(), running(), results(), logs(), refused())) {
                Files.createDirectories(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the Slurm queue folder " + root + ": " + e.getMessage(), e);
        }
    }

    /** The key of a queued or running unit file name (NNNNNN-KEY.unit). */
    public static String keyOf(String fileName) {
        String base = fileName.endsWith(UNIT) ? fileName.substring(0, fileName.length() - UNIT.length()) : fileName;
        int dash = base.indexOf('-');
        return dash >= 0 ? base.substring(dash + 1) : base;
    }

    public static String unitName(int order, String key) {
        return String.format(Locale.ROOT, "%06d-%s%s", order, key, UNIT);
    }

    /** Puts a unit on the queue (written beside, then renamed: a pilot never reads half a file). */
    public void enqueue(int order, String key, byte[] bytes) {
        Path target = queue().resolve(unitName(order, key));
        writeAtomically(target, bytes);
    }

    public static void writeAtomically(Path target, byte[] bytes) {
        Path tmp = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the original failure says what went wrong
            }
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    /** Unit files waiting, by name (their order). */
    public List<Path> queued() {
        return list(queue(), UNIT);
    }

    /** Keys of the units queued now. */
    public Map<String, Path> queuedByKey() {
        Map<String, Path> out = new HashMap<>();
        for (Path p : queued()) {
            out.put(keyOf(p.getFileName().toString()), p);
        }
        return out;
    }

    /** Running units: key -> the pilot (job id) that took it. */
    public Map<String, String> runningByKey() {
        Map<String, String> out = new HashMap<>();
        for (Path job : dirs(running())) {
            for (Path u : list(job, UNIT)) {
                out.put(keyOf(u.getFileName().toString()), job.getFileName().toString());
            }
        }
        return out;
    }

    /** The units pilot {@code job} had taken. */
    public List<Path> takenBy(String job) {
        return list(running().resolve(job), UNIT);
    }

    /**
     * Takes the first unit on the queue for pilot {@code job}: renamed into running/JOB/, so of two pilots racing
     * for it exactly one gets it. Empty when the queue is empty.
     */
    public Optional<Path> take(String job) {
        Path mine = running().resolve(job);
        for (Path p : queued()) {
            try {
                Files.createDirectories(mine);
                Path target = mine.resolve(p.getFileName());
                Files.move(p, target, StandardCopyOption.ATOMIC_MOVE);
                return Optional.of(target);
            } catch (NoSuchFileException | FileAlreadyExistsException e) {
                // another pilot was faster; try the next one
            } catch (IOException e) {
                throw new UncheckedIOException("cannot take " + p + ": " + e.getMessage(), e);
            }
        }
        return Optional.empty();
    }

    /** Gives a unit taken by a pilot back to the queue (the pilot is gone). */
    public void giveBack(Path taken) {
        try {
            Files.move(taken, queue().resolve(taken.getFileName()), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (NoSuchFileException e) {
            // its pilot finished it after all
        } catch (IOException e) {
            throw new UncheckedIOException("cannot requeue " + taken + ": " + e.getMessage(), e);
        }
    }

    public Path resultFile(String key) {
        return results().resolve(key + RESULT);
    }

    public boolean hasResult(String key) {
        return Files.isRegularFile(resultFile(key));
    }

    /** Keys of every result present. */
    public List<String> resultKeys() {
        List<String> out = new ArrayList<>();
        for (Path p : list(results(), RESULT)) {
            String n = p.getFileName().toString();
            out.add(n.substring(0, n.length() - RESULT.length()));
        }
        return out;
    }

    public Path logFile(String job) {
        return logs().resolve(job + ".out");
    }

    /** The last {@code n} lines of a pilot's log, joined by " | " (empty when there is none). */
    public String logTail(String job, int n) {
        Path log = logFile(job);
        try {
            if (!Files.isRegularFile(log)) {
                return "";
            }
            List<String> lines = Files.readAllLines(log);
            List<String> tail = new ArrayList<>();
            for (int i = Math.max(0, lines.size() - n); i < lines.size(); i++) {
                if (!lines.get(i).isBlank()) {
                    tail.add(lines.get(i).strip());
                }
            }
            return String.join(" | ", tail);
        } catch (IOException | UncheckedIOException e) {
            return "(log " + log + " unreadable: " + e.getMessage() + ")";
        }
    }

    /** Refusals written by pilots: job -> the one line. */
    public Map<String, String> refusals() {
        Map<String, String> out = new HashMap<>();
        for (Path p : list(refused(), "")) {
            try {
                out.put(p.getFileName().toString(), Files.readString(p).strip());
            } catch (IOException e) {
                out.put(p.getFileName().toString(), "refused (" + e.getMessage() + ")");
            }
        }
        return out;
    }

    public void clearRefusals() {
        list(refused(), "").forEach(this::delete);
    }

    public void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + p + ": " + e.getMessage(), e);
        }
    }

    /** Removes running/JOB once its units are given back or done. */
    public void forget(String job) {
        Path dir = running().resolve(job);
        for (Path p : list(dir, "")) {
            delete(p);
        }
        delete(dir);
    }

    public void setStop(boolean stop) {
        if (stop) {
            writeAtomically(stopFile(), "stop\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } else {
            delete(stopFile());
        }
    }

    public boolean stopped() {
        return Files.exists(stopFile());
    }

    static List<Path> list(Path dir, String suffix) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if (!n.startsWith(".") && n.endsWith(suffix) && Files.isRegularFile(p)) {
                    out.add(p);
                }
            }
        } catch (NoSuchFileException e) {
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        Collections.sort(out);
        return out;
    }

    static List<Path> dirs(Path dir) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, Files::isDirectory)) {
            s.forEach(out::add);
        } catch (NoSuchFileException e) {
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        Collections.sort(out);
        return out;
    }
}
