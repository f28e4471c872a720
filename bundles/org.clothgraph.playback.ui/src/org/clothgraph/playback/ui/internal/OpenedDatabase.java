package org.clothgraph.playback.ui.internal;

import java.nio.file.Path;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.model.jobs.OperationJob;
import org.clothgraph.playback.PlaybackCharacter;
import org.clothgraph.playback.ui.PlaybackUi;
import org.clothgraph.runtime.Player;
import org.clothgraph.runtime.RuntimeDatabase;
import org.clothgraph.runtime.RuntimeDatabaseException;
import org.eclipse.core.runtime.SubMonitor;

/**
 * A runtime database opened for the Playback view: the file read and checked, a player at its initial state and
 * the project's character to pose. Opened off the UI thread ({@link #schedule}); a refused file is a message, not an
 * error dialog. Used on the UI thread once opened.
 */
final class OpenedDatabase implements AutoCloseable {
    /** Decode threads of the view's player (the UI leaves the other cores to the workbench). */
    static final int DECODE_THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() - 1));

    final Path file;
    final RuntimeDatabase db;
    final Player player;
    final PlaybackCharacter character;
    final String error;

    private OpenedDatabase(Path file, RuntimeDatabase db, Player player, PlaybackCharacter character, String error) {
        this.file = file;
        this.db = db;
        this.player = player;
        this.character = character;
        this.error = error;
    }

    /** Opens a database file of a project in a job of family {@link PlaybackUi#OPEN_FAMILY}. */
    static OperationJob<OpenedDatabase> schedule(Project project, Path file) {
        OperationJob<OpenedDatabase> job = new OperationJob<>("Opening " + file.getFileName() + " for playback",
                PlaybackUi.OPEN_FAMILY, m -> open(project, file, m));
        job.schedule();
        return job;
    }

    static OpenedDatabase open(Project project, Path file, org.eclipse.core.runtime.IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Opening " + file.getFileName(), 3);
        RuntimeDatabase db;
        try {
            db = RuntimeDatabase.open(file);
        } catch (RuntimeDatabaseException e) {
            return new OpenedDatabase(file, null, null, null, e.getMessage());
        }
        sub.split(1);
        try {
            PlaybackCharacter character = PlaybackCharacter.of(project);
            sub.split(1);
            Player player = new Player(db, DECODE_THREADS);
            sub.split(1);
            return new OpenedDatabase(file, db, player, character, null);
        } catch (InvalidInputException | IllegalStateException e) {
            db.close();
            return new OpenedDatabase(file, null, null, null, e.getMessage());
        }
    }

    boolean ok() {
        return error == null;
    }

    @Override
    public void close() {
        if (player != null) {
            player.close();
        }
        if (db != null) {
            db.close();
        }
    }
}
