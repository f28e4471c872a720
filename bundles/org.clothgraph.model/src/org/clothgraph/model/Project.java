package org.clothgraph.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

import org.clothgraph.model.frames.FrameStore;
import org.clothgraph.model.internal.Database;
import org.clothgraph.model.internal.FileDigests;
import org.clothgraph.model.internal.ProjectChecker;
import org.clothgraph.model.internal.ProjectPaths;
import org.clothgraph.model.internal.SecondaryReconciler;
import org.clothgraph.model.internal.SqlWork;
import org.clothgraph.model.internal.WriterLock;
import org.eclipse.core.commands.operations.IUndoContext;
import org.eclipse.core.commands.operations.ObjectUndoContext;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * An open ClothGraph project folder. Every read and write goes through one lock and one SQLite
 * connection; every committed write is announced once to the {@link ModelChangeListener}s, so a
 * background job may write while views read.
 * <p>
 * One process writes a project at a time. The first write (or {@link #claimWriter()}) takes the project's
 * writer lock, {@link ProjectFormat#LOCK_FILE}, and keeps it until {@link #close()}; while another process
 * holds it a write waits as {@link #setWriterWait} says, by default it is refused with a
 * {@link ProjectLockedException} naming that process. Reads never need the lock, and each outermost read
 * ends its transaction, so a reader sees what other processes committed. Two {@code Project}s on one folder
 * in one JVM are two readers; the second to write is refused like another process would be (naming this
 * one), so tests and the workbench must share one instance to write through both.
 */
public final class Project implements AutoCloseable {
    private final Path folder;
    private final Database db;
    private final FrameStore frames;
    private final ReentrantLock lock = new ReentrantLock();
    private final WriterLock writer;
    private volatile WriterWait writerWait = WriterWait.REFUSE;
    private final List<ModelChangeListener> listeners = new CopyOnWriteArrayList<>();
    private final EnumSet<Aspect> pending = EnumSet.noneOf(Aspect.class);
    private final Secondary secondary;
    private final IUndoContext undoContext;
    private int depth;
    private int readDepth;
    private volatile boolean closed;

    private Project(Path folder, Database db, WriterLock writer) {
        this.folder = folder;
        this.db = db;
        this.writer = writer;
        this.frames = new FrameStore(this, folder.resolve(ProjectFormat.FRAMES_FOLDER));
        this.secondary = new Secondary(this);
        this.undoContext = new ObjectUndoContext(this, "ClothGraph project " + folder.getFileName());
    }

    /** Creates a new, empty project in {@code folder}, which must not already hold one. */
    public static Project create(Path folder, String name) {
        Path dbFile = folder.resolve(ProjectFormat.DATABASE_FILE);
        if (Files.exists(dbFile)) {
            throw new InvalidInputException(dbFile, null, "a project already exists here; open it or choose another folder");
        }
        WriterLock writer = new WriterLock(folder);
        try {
            Files.createDirectories(folder);
            writer.acquire(WriterWait.REFUSE);
            if (Files.exists(dbFile)) {
                throw new InvalidInputException(dbFile, null, "a project already exists here; open it or choose another"
                        + " folder");
            }
            for (String sub : new String[] { ProjectFormat.FRAMES_FOLDER, ProjectFormat.MOTIONS_FOLDER,
                    ProjectFormat.GARMENTS_FOLDER, ProjectFormat.CHARACTER_FOLDER, ProjectFormat.DATABASES_FOLDER }) {
                Files.createDirectories(folder.resolve(sub));
            }
            return new Project(folder, Database.create(dbFile, name), writer);
        } catch (IOException | SQLException e) {
            writer.release();
            throw new StorageException("cannot create project in " + folder + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            writer.release();
            throw e;
        }
    }

    /** Opens an existing project; a missing, truncated, corrupt or newer-format project is refused untouched. */
    public static Project open(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new InvalidInputException(folder, null, "no such project folder");
        }
        WriterLock writer = new WriterLock(folder);
        try {
            return new Project(folder, Database.open(folder.resolve(ProjectFormat.DATABASE_FILE), writer), writer);
        } catch (RuntimeException e) {
            writer.release();
            throw e;
        }
    }

    /**
     * How this process names itself in the lock file of every project it writes, e.g.
     * {@code clothgraph explore --workspace DIR}; by default other processes see its command line.
     */
    public static void describeProcess(String description) {
        WriterLock.describeProcess(description);
    }

    /**
     * Copies a closed project folder, every file, to {@code to} (created; existing files replaced): the same
     * start for two runs that are to be compared. Returns {@code to}.
     */
    public static Path copy(Path from, Path to) {
        try (java.util.stream.Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new StorageException("cannot copy " + from + " to " + to + ": " + e.getMessage(), e);
        }
        return to;
    }

    public static boolean isProject(Path folder) {
        return Files.isRegularFile(folder.resolve(ProjectFormat.DATABASE_FILE));
    }

    public Path folder() {
        return folder;
    }

    /** The undo context of this project's edits in the operation history. */
    public IUndoContext undoContext() {
        return undoContext;
    }

    public FrameStore frames() {
        return frames;
    }

    /** The secondary cloth graph: states, transitions, merges and the expansion queue. */
    public Secondary secondary() {
        return secondary;
    }

    public void addModelChangeListener(ModelChangeListener l) {
        listeners.add(l);
    }

    public void removeModelChangeListener(ModelChangeListener l) {
        listeners.remove(l);
    }

    // ---- writer lock ----------------------------------------------------------------------------

    /** What a write does while another process writes this project (default {@link WriterWait#REFUSE}). */
    public void setWriterWait(WriterWait wait) {
        writerWait = Objects.requireNonNull(wait);
    }

    /**
     * Takes the project's writer lock now (it is held until {@link #close()}), waiting as {@link #setWriterWait}
     * says. Writes take it by themselves; call this before work that must not start unless it can be kept,
     * and before writing files into the project folder.
     *
     * @throws ProjectLockedException when another process, or another open project of this one, writes it
     */
    public void claimWriter() {
        ensureOpen();
        if (writer.held()) {
            return;
        }
        writer.acquire(writerWait);
        if (closed) {
            writer.release(); // closed while this thread waited
            ensureOpen();
        }
    }

    /**
     * The process (or other open project of this one) writing this project, or null when this project is the writer
     * or nobody writes it. What such a writer has in flight cannot be seen from here.
     */
    public LockHolder otherWriter() {
        if (writer.held()) {
            return null;
        }
        return writer.activeHolder();
    }

    /** True once this project holds the writer lock. */
    public boolean isWriter() {
        return writer.held();
    }

    // ---- transactions -------------------------------------------------------------------------

    /**
     * Runs a read under the project lock. The outermost read outside a write ends its transaction (a rollback:
     * {@code work} must not write, use {@link #write}), so the next read sees what other processes committed.
     */
    public <T> T read(SqlWork<T> work) {
        lock.lock();
        try {
            ensureOpen();
            readDepth++;
            try {
                return work.run(db.connection());
            } finally {
                readDepth--;
                if (readDepth == 0 && depth == 0) {
                    db.endRead();
                }
            }
        } catch (SQLException e) {
            throw new StorageException("reading " + db.file() + " failed: " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Runs a write in a transaction; nested writes join the outermost one. Listeners hear of the
     * change once, after the outermost commit; a failure rolls everything back.
     */
    public <T> T write(Set<Aspect> aspects, SqlWork<T> work) {
        claimWriter(); // before the project lock: waiting for another process must not block this one's readers
        lock.lock();
        ModelChange change = null;
        try {
            ensureOpen();
            depth++;
            boolean ok = false;
            try {
                T result = work.run(db.connection());
                pending.addAll(aspects);
                ok = true;
                return result;
            } finally {
                depth--;
                if (depth == 0) {
                    change = finish(ok);
                }
            }
        } catch (SQLException e) {
            throw new StorageException("writing " + db.file() + " failed: " + e.getMessage(), e);
        } finally {
            lock.unlock();
            if (change != null) {
                for (ModelChangeListener l : listeners) {
                    l.modelChanged(change);
                }
            }
        }
    }

    /** Groups several writes into one transaction and one change notification. */
    public void batch(Runnable writes) {
        write(Set.of(), c -> {
            writes.run();
            return null;
        });
    }

    private ModelChange finish(boolean ok) throws SQLException {
        Connection c = db.connection();
        if (!ok) {
            c.rollback();
            pending.clear();
            return null;
        }
        c.commit();
        if (pending.isEmpty()) {
            return null;
        }
        ModelChange change = new ModelChange(this, pending);
        pending.clear();
        return change;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("project " + folder + " is closed");
        }
    }

    // ---- metadata and settings ----------------------------------------------------------------

    public String name() {
        return meta("name").orElse(folder.getFileName().toString());
    }

    public void setName(String name) {
        if (name == null || name.isBlank()) {
            throw new InvalidInputException("project", "name", "a project name must not be empty");
        }
        write(Set.of(Aspect.PROJECT), c -> putMeta(c, "name", name.strip()));
    }

    public int formatVersion() {
        return meta("formatVersion").map(Integer::parseInt).orElse(ProjectFormat.VERSION);
    }

    private Optional<String> meta(String key) {
        return read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT value FROM meta WHERE key = ?")) {
                p.setString(1, key);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(r.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }

    private static Void putMeta(Connection c, String key, String value) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)")) {
            p.setString(1, key);
            p.setString(2, value);
            p.executeUpdate();
        }
        return null;
    }

    /** A setting of a scope such as "simulator" or "motiongraph"; empty when unset. */
    public Optional<String> setting(String scope, String key) {
        return read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT value FROM setting WHERE scope = ? AND key = ?")) {
                p.setString(1, scope);
                p.setString(2, key);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(r.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }

    /** Sets (or with a null value removes) a setting. */
    public void setSetting(String scope, String key, String value) {
        write(Set.of(Aspect.SETTINGS), c -> {
            String sql = value == null ? "DELETE FROM setting WHERE scope = ? AND key = ?"
                    : "INSERT OR REPLACE INTO setting(scope, key, value) VALUES (?, ?, ?)";
            try (PreparedStatement p = c.prepareStatement(sql)) {
                p.setString(1, scope);
                p.setString(2, key);
                if (value != null) {
                    p.setString(3, value);
                }
                p.executeUpdate();
            }
            return null;
        });
    }

    public Map<String, String> settings(String scope) {
        return read(c -> {
            Map<String, String> m = new LinkedHashMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT key, value FROM setting WHERE scope = ? ORDER BY key")) {
                p.setString(1, scope);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        m.put(r.getString(1), r.getString(2));
                    }
                }
            }
            return Collections.unmodifiableMap(m);
        });
    }

    // ---- files of the project -------------------------------------------------------------------

    /**
     * The file a reference stored in this project names ({@code relative} to the folder), refused when it would leave
     * the project folder: an absolute path, a path through {@code ..}, a symbolic link out of the folder.
     *
     * @param where what holds the reference, e.g. "clip walk, field file" (named in the one-line error)
     * @throws InvalidInputException naming the database, {@code where} and the reference
     */
    public Path file(String where, String relative) {
        return ProjectPaths.confine(folder, folder.resolve(ProjectFormat.DATABASE_FILE), where, relative);
    }

    /** Writes the content of one project file. */
    @FunctionalInterface
    public interface FileContent {
        void writeTo(Path file) throws IOException;
    }

    /**
     * Writes a file into the project folder ({@code relative} to it, as the project stores the path): takes the
     * writer lock first, writes a temporary sibling and moves it into place atomically. Registering the file
     * (character, garment, clip) records its digest.
     *
     * @return the written file
     */
    public Path writeFile(String relative, FileContent content) {
        claimWriter();
        Path file = file("project file", relative);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.getParent());
            content.writeTo(tmp);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | UncheckedIOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new StorageException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    /**
     * Records the SHA-256 and size of a project file ({@code relative} to the folder), which {@link #check}
     * verifies. Every method that registers a file (character, garment, clip) does it; call it only to accept
     * a registered file that was changed on purpose.
     */
    public void recordFile(String relative) {
        write(Set.of(), c -> {
            FileDigests.record(c, folder, relative);
            return null;
        });
    }

    // ---- character, garments, clips -------------------------------------------------------------

    public Optional<CharacterInfo> character() {
        return read(c -> {
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT name, skeleton_file, body_file, joints, height FROM character")) {
                return r.next() ? Optional.of(new CharacterInfo(r.getString(1), r.getString(2), r.getString(3),
                        r.getInt(4), r.getDouble(5))) : Optional.<CharacterInfo>empty();
            }
        });
    }

    public void setCharacter(CharacterInfo ch) {
        write(Set.of(Aspect.CHARACTER), c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT OR REPLACE INTO character"
                    + "(id, name, skeleton_file, body_file, joints, height) VALUES (1, ?, ?, ?, ?, ?)")) {
                p.setString(1, ch.name());
                p.setString(2, ch.skeletonFile());
                p.setString(3, ch.bodyFile());
                p.setInt(4, ch.joints());
                p.setDouble(5, ch.heightMetres());
                p.executeUpdate();
            }
            FileDigests.record(c, folder, ch.skeletonFile());
            if (ch.bodyFile() != null) {
                FileDigests.record(c, folder, ch.bodyFile());
            }
            return null;
        });
    }

    public List<GarmentInfo> garments() {
        return read(c -> {
            List<GarmentInfo> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT id, name, mesh_file, material, vertex_count FROM garment ORDER BY id");
                    PreparedStatement g = c.prepareStatement("SELECT name, vertices FROM vertex_group WHERE garment_id = ?"
                            + " ORDER BY name")) {
                while (r.next()) {
                    Map<String, int[]> groups = new HashMap<>();
                    g.setLong(1, r.getLong(1));
                    try (ResultSet gr = g.executeQuery()) {
                        while (gr.next()) {
                            groups.put(gr.getString(1), Blobs.toInts(gr.getBytes(2)));
                        }
                    }
                    out.add(new GarmentInfo(r.getLong(1), r.getString(2), r.getString(3), r.getString(4), r.getInt(5),
                            groups));
                }
            }
            return out;
        });
    }

    /** Adds a garment and returns its id. */
    public long addGarment(GarmentInfo garment) {
        return write(Set.of(Aspect.GARMENTS), c -> {
            long id;
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO garment(name, mesh_file, material, vertex_count) VALUES (?, ?, ?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                p.setString(1, garment.name());
                p.setString(2, garment.meshFile());
                p.setString(3, garment.materialJson());
                p.setInt(4, garment.vertexCount());
                p.executeUpdate();
                id = generatedKey(p);
            }
            FileDigests.record(c, folder, garment.meshFile());
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO vertex_group(garment_id, name, vertices) VALUES (?, ?, ?)")) {
                for (Map.Entry<String, int[]> e : garment.vertexGroups().entrySet()) {
                    p.setLong(1, id);
                    p.setString(2, e.getKey());
                    p.setBytes(3, Blobs.fromInts(e.getValue()));
                    p.executeUpdate();
                }
            }
            return id;
        });
    }

    /**
     * Sets (or with null vertices removes) one vertex group of a garment: e.g. a feature loop picked in the Cloth
     * Preview, stored the way a generated garment's groups are. Vertices must lie within the garment's vertex count.
     */
    public void setVertexGroup(long garmentId, String name, int[] vertices) {
        write(Set.of(Aspect.GARMENTS), c -> {
            int count;
            try (PreparedStatement p = c.prepareStatement("SELECT vertex_count FROM garment WHERE id = ?")) {
                p.setLong(1, garmentId);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        throw new InvalidInputException("project", "garment " + garmentId, "no such garment");
                    }
                    count = r.getInt(1);
                }
            }
            if (name == null || name.isBlank()) {
                throw new InvalidInputException("garment " + garmentId, "vertex group", "needs a name");
            }
            if (vertices == null) {
                try (PreparedStatement p = c.prepareStatement("DELETE FROM vertex_group WHERE garment_id = ? AND name = ?")) {
                    p.setLong(1, garmentId);
                    p.setString(2, name);
                    p.executeUpdate();
                }
                return null;
            }
            for (int v : vertices) {
                if (v < 0 || v >= count) {
                    throw new InvalidInputException("garment " + garmentId, "vertex group " + name, "vertex " + v
                            + " outside 0.." + (count - 1));
                }
            }
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT OR REPLACE INTO vertex_group(garment_id, name, vertices) VALUES (?, ?, ?)")) {
                p.setLong(1, garmentId);
                p.setString(2, name);
                p.setBytes(3, Blobs.fromInts(vertices));
                p.executeUpdate();
            }
            return null;
        });
    }

    public List<ClipInfo> clips() {
        return read(c -> {
            List<ClipInfo> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT id, name, file, fps, frame_count, excluded FROM clip ORDER BY id")) {
                while (r.next()) {
                    out.add(new ClipInfo(r.getLong(1), r.getString(2), r.getString(3), r.getDouble(4), r.getInt(5),
                            r.getInt(6) != 0));
                }
            }
            return out;
        });
    }

    /** Adds a clip (its file already written under motions/) and returns its id. */
    public long addClip(String name, String file, double fps, int frameCount) {
        return write(Set.of(Aspect.CLIPS), c -> {
            long id;
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO clip(name, file, fps, frame_count) VALUES (?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setString(1, name);
                p.setString(2, file);
                p.setDouble(3, fps);
                p.setInt(4, frameCount);
                p.executeUpdate();
                id = generatedKey(p);
            } catch (SQLException e) {
                if (e.getMessage() != null && e.getMessage().contains("UNIQUE")) {
                    throw new InvalidInputException(file, "name", "a clip named '" + name + "' already exists");
                }
                throw e;
            }
            FileDigests.record(c, folder, file);
            return id;
        });
    }

    /**
     * Removes a clip: its row, its file digest and, once that is committed, its file. Refused (bad input) while the
     * stored primary graph has frames of it: exclude the clip and rebuild the graph first.
     */
    public void removeClip(long clipId) {
        String file = write(Set.of(Aspect.CLIPS), c -> {
            String name, rel;
            try (PreparedStatement p = c.prepareStatement("SELECT name, file FROM clip WHERE id = ?")) {
                p.setLong(1, clipId);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        throw new InvalidInputException("project", "clip " + clipId, "no such clip");
                    }
                    name = r.getString(1);
                    rel = r.getString(2);
                }
            }
            try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM primary_node WHERE clip_id = ?")) {
                p.setLong(1, clipId);
                try (ResultSet r = p.executeQuery()) {
                    if (r.next() && r.getLong(1) > 0) {
                        throw new InvalidInputException("clip " + name, "primary graph", "the primary graph has " + r.getLong(1)
                                + " of its frames; exclude the clip and rebuild the graph first");
                    }
                }
            }
            delete(c, "DELETE FROM clip WHERE id = ?", clipId);
            forgetFile(c, rel);
            return rel;
        });
        deleteQuietly(file);
    }

    /**
     * Removes a garment: its row, vertex groups, file digest and, once that is committed, its mesh file. Refused (bad
     * input) while cloth states of it are stored (an explored secondary graph).
     */
    public void removeGarment(long garmentId) {
        String file = write(Set.of(Aspect.GARMENTS), c -> {
            String name, rel;
            try (PreparedStatement p = c.prepareStatement("SELECT name, mesh_file FROM garment WHERE id = ?")) {
                p.setLong(1, garmentId);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        throw new InvalidInputException("project", "garment " + garmentId, "no such garment");
                    }
                    name = r.getString(1);
                    rel = r.getString(2);
                }
            }
            try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM cloth_state WHERE garment_id = ?")) {
                p.setLong(1, garmentId);
                try (ResultSet r = p.executeQuery()) {
                    if (r.next() && r.getLong(1) > 0) {
                        throw new InvalidInputException("garment " + name, "secondary graph", "its explored secondary graph has "
                                + r.getLong(1) + " cloth states; it cannot be removed");
                    }
                }
            }
            delete(c, "DELETE FROM vertex_group WHERE garment_id = ?", garmentId);
            delete(c, "DELETE FROM garment WHERE id = ?", garmentId);
            forgetFile(c, rel);
            return rel;
        });
        deleteQuietly(file);
    }

    private static void delete(java.sql.Connection c, String sql, long id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setLong(1, id);
            p.executeUpdate();
        }
    }

    /** Drops a file's digest unless another record still names the same file. */
    private static void forgetFile(java.sql.Connection c, String rel) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT (SELECT COUNT(*) FROM clip WHERE file = ?)"
                + " + (SELECT COUNT(*) FROM garment WHERE mesh_file = ?)")) {
            p.setString(1, rel);
            p.setString(2, rel);
            try (ResultSet r = p.executeQuery()) {
                if (r.next() && r.getLong(1) > 0) {
                    return;
                }
            }
        }
        try (PreparedStatement p = c.prepareStatement("DELETE FROM file_digest WHERE file = ?")) {
            p.setString(1, rel);
            p.executeUpdate();
        }
    }

    private void deleteQuietly(String rel) {
        try {
            Files.deleteIfExists(file("removed file", rel));
        } catch (IOException | RuntimeException e) {
            // the records are gone; a stray file is reported by nothing and harmless
        }
    }

    public void renameClip(long clipId, String newName) {
        updateClip(clipId, "name", newName);
    }

    public void setClipExcluded(long clipId, boolean excluded) {
        updateClip(clipId, "excluded", excluded ? 1 : 0);
    }

    private void updateClip(long clipId, String column, Object value) {
        write(Set.of(Aspect.CLIPS), c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE clip SET " + column + " = ? WHERE id = ?")) {
                p.setObject(1, value);
                p.setLong(2, clipId);
                if (p.executeUpdate() != 1) {
                    throw new InvalidInputException("project", "clip " + clipId, "no such clip");
                }
            }
            return null;
        });
    }

    // ---- primary graph ----------------------------------------------------------------------------

    public PrimaryGraph primaryGraph() {
        return read(c -> {
            List<PrimaryNode> nodes = new ArrayList<>();
            List<PrimaryEdge> edges = new ArrayList<>();
            try (Statement s = c.createStatement()) {
                try (ResultSet r = s.executeQuery("SELECT id, clip_id, frame FROM primary_node ORDER BY id")) {
                    while (r.next()) {
                        nodes.add(new PrimaryNode(r.getLong(1), r.getLong(2), r.getInt(3)));
                    }
                }
                try (ResultSet r = s.executeQuery("SELECT id, src, dst, kind, distance FROM primary_edge ORDER BY id")) {
                    while (r.next()) {
                        edges.add(new PrimaryEdge(r.getLong(1), r.getLong(2), r.getLong(3),
                                PrimaryEdge.Kind.valueOf(r.getString(4)), r.getDouble(5)));
                    }
                }
            }
            int pruned = meta("primary.prunedNodes").map(Integer::parseInt).orElse(0);
            return new PrimaryGraph(nodes, edges, pruned, meta("primary.pruneReport").orElse(""));
        });
    }

    /**
     * Replaces the primary graph. Without a secondary graph, node and edge ids are kept as given. Under an explored
     * secondary graph, nodes keep their ids by (clip, frame) and edges by (source, target, kind), and the secondary
     * graph keeps everything on unchanged nodes (see {@link PrimaryGraphChange}).
     */
    public PrimaryGraphChange replacePrimaryGraph(PrimaryGraph graph) {
        return write(Set.of(Aspect.PRIMARY_GRAPH, Aspect.SECONDARY_GRAPH), c -> {
            PrimaryGraphChange change;
            if (count(c, "SELECT COUNT(*) FROM cloth_state") > 0) {
                change = new SecondaryReconciler(c).replace(graph, false);
            } else {
                change = new SecondaryReconciler(c).replace(graph, true);
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("DELETE FROM primary_edge");
                    s.executeUpdate("DELETE FROM primary_node");
                }
                SecondaryReconciler.insert(c, graph.nodes(), graph.edges());
            }
            putMeta(c, "primary.prunedNodes", Integer.toString(graph.prunedNodes()));
            putMeta(c, "primary.pruneReport", graph.pruneReport());
            return change;
        });
    }

    /** What {@link #replacePrimaryGraph} would do to the secondary graph, without doing it. */
    public PrimaryGraphChange previewPrimaryGraph(PrimaryGraph graph) {
        return read(c -> new SecondaryReconciler(c).replace(graph, true));
    }

    /** Adds one primary edge (a hand-made transition); its id must be unused. */
    public void addPrimaryEdge(PrimaryEdge edge) {
        write(Set.of(Aspect.PRIMARY_GRAPH, Aspect.SECONDARY_GRAPH), c -> {
            try {
                SecondaryReconciler.insert(c, List.of(), List.of(edge));
            } catch (SQLException e) {
                throw new InvalidInputException("primary graph", "edge " + edge.id(),
                        "cannot add edge " + edge.from() + " -> " + edge.to() + ": " + e.getMessage());
            }
            // live cloth states at its source get a merged, queued transition along it
            new SecondaryReconciler(c).linkMissingTransitions();
            return null;
        });
    }

    /** Removes one primary edge, with the cloth transitions along it (and the dead ends merged through them). */
    public void removePrimaryEdge(long edgeId) {
        write(Set.of(Aspect.PRIMARY_GRAPH, Aspect.SECONDARY_GRAPH), c -> {
            PrimaryGraph now = primaryGraph();
            List<PrimaryEdge> rest = new ArrayList<>(now.edges());
            if (!rest.removeIf(e -> e.id() == edgeId)) {
                throw new InvalidInputException("primary graph", "edge " + edgeId, "no such edge");
            }
            new SecondaryReconciler(c).replace(new PrimaryGraph(now.nodes(), rest, now.prunedNodes(), now.pruneReport()),
                    false);
            return null;
        });
    }

    /** An unused primary edge id. */
    public long nextPrimaryEdgeId() {
        return read(c -> count(c, "SELECT COALESCE(MAX(id), 0) + 1 FROM primary_edge"));
    }

    // ---- compressed databases ---------------------------------------------------------------------

    public List<CompressedDatabaseInfo> databases() {
        return read(c -> {
            List<CompressedDatabaseInfo> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT id, name, file, basis_vectors, bytes FROM compressed_db ORDER BY id")) {
                while (r.next()) {
                    out.add(new CompressedDatabaseInfo(r.getLong(1), r.getString(2), r.getString(3), r.getInt(4),
                            r.getLong(5)));
                }
            }
            return out;
        });
    }

    /**
     * Registers a compressed database written under the project folder ({@code relative}, e.g.
     * {@code databases/robe.cgrt}), replacing an entry of the same name, and records the file's digest in the
     * same transaction.
     *
     * @return the entry's id
     */
    public long putDatabase(String name, String relative, int basisVectors) {
        return write(Set.of(Aspect.DATABASES), c -> {
            long bytes;
            try {
                bytes = Files.size(file("database " + name + ", field file", relative));
            } catch (IOException e) {
                throw new StorageException("cannot read " + folder.resolve(relative) + ": " + e.getMessage(), e);
            }
            try (PreparedStatement p = c.prepareStatement("DELETE FROM compressed_db WHERE name = ?")) {
                p.setString(1, name);
                p.executeUpdate();
            }
            long id;
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO compressed_db(name, file, basis_vectors, bytes) VALUES (?, ?, ?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                p.setString(1, name);
                p.setString(2, relative);
                p.setInt(3, basisVectors);
                p.setLong(4, bytes);
                p.executeUpdate();
                id = generatedKey(p);
            }
            FileDigests.record(c, folder, relative);
            return id;
        });
    }

    // ---- summary and check -------------------------------------------------------------------------

    public ProjectSummary summary() {
        return read(c -> {
            List<String> clipNames = new ArrayList<>();
            for (ClipInfo clip : clips()) {
                clipNames.add(clip.name());
            }
            List<String> garmentNames = new ArrayList<>();
            for (GarmentInfo g : garments()) {
                garmentNames.add(g.name());
            }
            return new ProjectSummary(formatVersion(), name(), character().map(CharacterInfo::name).orElse(null),
                    garmentNames, clipNames,
                    (int) count(c, "SELECT COUNT(*) FROM primary_node"),
                    (int) count(c, "SELECT COUNT(*) FROM primary_edge"),
                    (int) count(c, "SELECT COUNT(*) FROM primary_edge WHERE kind = 'TRANSITION'"),
                    (int) count(c, "SELECT COUNT(*) FROM cloth_state"),
                    (int) count(c, "SELECT COUNT(*) FROM cloth_transition"),
                    (int) count(c, Secondary.DEAD_END_COUNT),
                    (int) count(c, "SELECT COUNT(*) FROM merge_record"),
                    (int) count(c, "SELECT COUNT(*) FROM merge_record WHERE queued = 1"),
                    count(c, "SELECT COUNT(*) FROM frame"),
                    frames.bytes(),
                    (int) count(c, "SELECT COUNT(*) FROM compressed_db"));
        });
    }

    /** Verifies every invariant of the stored project: referential integrity, files, frame checksums, dead ends. */
    public CheckReport check(IProgressMonitor monitor) {
        return new ProjectChecker(this).run(monitor);
    }

    static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            return r.next() ? r.getLong(1) : 0;
        }
    }

    static long generatedKey(Statement s) throws SQLException {
        try (ResultSet k = s.getGeneratedKeys()) {
            if (!k.next()) {
                throw new SQLException("no generated key");
            }
            return k.getLong(1);
        }
    }

    /** Closes the database and releases the writer lock when this project holds it. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            frames.close();
            db.close(writer.held());
        } catch (SQLException e) {
            throw new StorageException("closing " + db.file() + " failed: " + e.getMessage(), e);
        } finally {
            try {
                writer.release();
            } finally {
                lock.unlock();
            }
        }
    }

    @Override
    public String toString() {
        return "Project[" + folder + "]";
    }
}
