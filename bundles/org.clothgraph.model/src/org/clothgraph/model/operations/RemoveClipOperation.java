package org.clothgraph.model.operations;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;

/**
 * Removes a motion clip and its file (refused while the stored primary graph has frames of it); undo writes the
 * file back from memory and registers the clip again, excluded or not as it was.
 */
public final class RemoveClipOperation extends ProjectOperation {
    /** The clip as it is stored now (undo registers it again under a new id). */
    private ClipInfo clip;
    private byte[] content;

    public RemoveClipOperation(Project project, ClipInfo clip) {
        super("Remove Clip", project);
        this.clip = clip;
    }

    /** The clip removed (after undo: as registered again). */
    public ClipInfo clip() {
        return clip;
    }

    @Override
    protected void apply() {
        Path file = project.file("clip " + clip.name() + ", field file", clip.file());
        try {
            content = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read the clip's file: " + e.getMessage());
        }
        project.removeClip(clip.id());
    }

    @Override
    protected void revert() {
        Path file = project.file("clip " + clip.name() + ", field file", clip.file());
        if (Files.exists(file)) {
            throw new InvalidInputException(file, null, "a file of this name exists again; the clip cannot be restored");
        }
        byte[] bytes = content;
        project.writeFile(clip.file(), f -> Files.write(f, bytes));
        try {
            project.batch(() -> {
                long id = project.addClip(clip.name(), clip.file(), clip.fps(), clip.frameCount());
                if (clip.excluded()) {
                    project.setClipExcluded(id, true);
                }
                clip = new ClipInfo(id, clip.name(), clip.file(), clip.fps(), clip.frameCount(), clip.excluded());
            });
        } catch (RuntimeException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
