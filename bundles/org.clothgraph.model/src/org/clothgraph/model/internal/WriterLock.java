package org.clothgraph.model.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.clothgraph.model.LockHolder;
import org.clothgraph.model.ProjectFormat;
import org.clothgraph.model.ProjectLockedException;
import org.clothgraph.model.StorageException;
import org.clothgraph.model.WriterWait;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * A project's writer lock: an OS lock ({@link FileChannel#tryLock()}) on {@link ProjectFormat#LOCK_FILE} in the
 * project folder, whose text names the holder (pid, host, since, command line). The OS drops the lock when the
 * holder exits, however it exits, so a stale file never blocks anyone; its text is then simply overwritten.
 * <p>
 * Within one JVM a registry keyed by the lock file's real path lets only one {@code WriterLock} at a time hold
 * (or even open) the file: closing any descriptor of a file drops all of the process's POSIX locks on it, so a
 * second channel must never be opened and closed beside the holding one. A second writer in this JVM is refused
 * like one in another process, naming this process.
 */
public final class WriterLock implements AutoCloseable {
    private static final long POLL_MILLIS = 200;
    /** Retries while a holder has locked the file but not written its name yet. */
    private static final int NAME_READ_TRIES = 10;
    private static final Map<Path, WriterLock> HELD = new ConcurrentHashMap<>();
    /** Channels that must stay open, see {@link #tryAcquire()}. */
    private static final List<FileChannel> KEPT_OPEN = new CopyOnWriteArrayList<>();
    /** Held while a lock is taken or the file is read without it: closing that reading channel must not drop a lock. */
    private static final Object PROBE = new Object();
    private static volatile String processDescription;
    private static volatile String localHost;

    private final Path file;
    private final Object acquiring = new Object();
    private volatile LockHolder holder;
    private FileChannel channel;
    private FileLock lock;
    private Path key;

    public WriterLock(Path folder) {
        this.file = folder.resolve(ProjectFormat.LOCK_FILE);
    }

    /** How this process names itself in lock files, e.g. {@code clothgraph explore --workspace DIR}. */
    public static void describeProcess(String description) {
        processDescription = description;
    }

    public Path file() {
        return file;
    }

    public boolean held() {
        return holder != null;
    }

    /**
     * Takes the lock unless already held, waiting as {@code wait} says.
     *
     * @throws ProjectLockedException when another process (or another open project of this process) holds it
     * @throws OperationCanceledException when the waiting thread is interrupted
     */
    public void acquire(WriterWait wait) {
        long start = System.nanoTime();
        LockHolder told = null;
        while (true) {
            Attempt a;
            synchronized (acquiring) {
                if (held()) {
                    return;
                }
                synchronized (PROBE) {
                    a = tryAcquire();
                }
            }
            if (a.acquired) {
                return;
            }
            long waited = System.nanoTime() - start;
            if (waited >= wait.timeoutNanos()) {
                throw new ProjectLockedException(file, a.holder);
            }
            if (a.holder != null && (told == null || told.pid() != a.holder.pid()
                    || !Objects.equals(told.since(), a.holder.since()))) {
                told = a.holder;
                wait.onWait().accept(a.holder);
            }
            long left = (wait.timeoutNanos() - waited) / 1_000_000;
            try {
                Thread.sleep(Math.max(1, Math.min(POLL_MILLIS, left)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OperationCanceledException("interrupted while waiting for " + file);
            }
        }
    }

    private record Attempt(boolean acquired, LockHolder holder) {
    }

    private Attempt tryAcquire() {
        Path k = registryKey();
        WriterLock other = HELD.putIfAbsent(k, this);
        if (other != null && other != this) {
            LockHolder h = other.holder;
            return new Attempt(false, h != null ? h : current(null));
        }
        FileChannel ch = null;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock l = ch.tryLock();
            if (l == null) {
                LockHolder h = readHolder(ch);
                ch.close();
                HELD.remove(k, this);
                return new Attempt(false, h);
            }
            LockHolder me = current(Instant.now());
            ch.truncate(0);
            ByteBuffer text = ByteBuffer.wrap(format(me).getBytes(StandardCharsets.UTF_8));
            while (text.hasRemaining()) {
                ch.write(text, text.position());
            }
            ch.force(false);
            channel = ch;
            lock = l;
            key = k;
            holder = me;
            return new Attempt(true, me);
        } catch (OverlappingFileLockException e) {
            // Held in this JVM outside the registry (another copy of this class): closing ch would drop that
            // lock, so the channel stays open.
            KEPT_OPEN.add(ch);
            HELD.remove(k, this);
            return new Attempt(false, current(null));
        } catch (IOException e) {
            closeQuietly(ch);
            HELD.remove(k, this);
            throw new StorageException("cannot lock " + file + " for writing: " + e.getMessage(), e);
        }
    }

    /**
     * The process writing the project whose lock file this is, as far as can be told without taking the lock (a
     * reader must not refuse a writer even for a moment): the holder in this JVM, else the name in the file when its
     * process is alive (on another host it cannot be told, so it counts as alive); null when nobody writes.
     */
    public LockHolder activeHolder() {
        String text;
        synchronized (PROBE) {
            WriterLock inJvm = HELD.get(registryKey());
            if (inJvm != null) {
                LockHolder h = inJvm.holder;
                return h != null ? h : current(null);
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                text = read(ch);
            } catch (java.nio.file.NoSuchFileException e) {
                return null;
            } catch (IOException e) {
                throw new StorageException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        LockHolder h = parse(text);
        if (h == null) {
            return null;
        }
        if (h.host().equals(localHost())) {
            return ProcessHandle.of(h.pid()).map(ProcessHandle::isAlive).orElse(false) ? h : null;
        }
        return h;
    }

    private Path registryKey() {
        try {
            return file.getParent().toRealPath().resolve(file.getFileName());
        } catch (IOException e) {
            return file.toAbsolutePath().normalize();
        }
    }

    /** Releases the lock (no-op when not held). The text is cleared first, so no stale name outlives it. */
    public void release() {
        synchronized (acquiring) {
            if (holder == null) {
                return;
            }
            try {
                channel.truncate(0);
                lock.release();
                channel.close();
            } catch (IOException e) {
                throw new StorageException("releasing " + file + " failed: " + e.getMessage(), e);
            } finally {
                closeQuietly(channel);
                HELD.remove(key, this);
                holder = null;
                channel = null;
                lock = null;
            }
        }
    }

    @Override
    public void close() {
        release();
    }

    /** This process as a lock holder. */
    private static LockHolder current(Instant since) {
        ProcessHandle.Info info = ProcessHandle.current().info();
        String commandLine = info.commandLine().orElseGet(() -> info.command().orElse(""));
        return new LockHolder(ProcessHandle.current().pid(), localHost(), since, commandLine, processDescription);
    }

    /** The host name, looked up once. */
    public static String localHost() {
        String h = localHost;
        if (h == null) {
            try {
                h = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                h = "unknown host";
            }
            localHost = h;
        }
        return h;
    }

    static String format(LockHolder h) {
        return "# ClothGraph writer lock: this process writes the project; the lock ends when it exits\n"
                + "pid=" + h.pid() + "\nhost=" + oneLine(h.host()) + "\nsince=" + h.since() + "\ncommand="
                + oneLine(h.commandLine()) + "\n" + (h.description() == null ? "" : "description="
                        + oneLine(h.description()) + "\n");
    }

    /** The holder named in the file, or null when it has not written its name (yet) or wrote something else. */
    private static LockHolder readHolder(FileChannel ch) throws IOException {
        for (int i = 0; i < NAME_READ_TRIES; i++) {
            LockHolder h = parse(read(ch));
            if (h != null) {
                return h;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    private static String read(FileChannel ch) throws IOException {
        long size = Math.min(ch.size(), 64 * 1024);
        ByteBuffer b = ByteBuffer.allocate((int) size);
        while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
            // positional reads until full or end of file
        }
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    }

    static LockHolder parse(String text) {
        Map<String, String> m = new HashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                m.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        try {
            return new LockHolder(Long.parseLong(m.get("pid")), m.getOrDefault("host", "unknown host"),
                    m.containsKey("since") ? Instant.parse(m.get("since")) : null, m.getOrDefault("command", ""),
                    m.get("description"));
        } catch (NumberFormatException | NullPointerException | DateTimeParseException e) {
            return null;
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                // nothing was written through it that could be lost
            }
        }
    }
}
