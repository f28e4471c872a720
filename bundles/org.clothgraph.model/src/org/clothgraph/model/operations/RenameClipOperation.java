package org.clothgraph.model.operations;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.Project;

/** Renames a motion clip. */
public final class RenameClipOperation extends ProjectOperation {
    private final long clipId;
    private final String oldName;
    private final String newName;

    public RenameClipOperation(Project project, ClipInfo clip, String newName) {
        super("Rename Clip", project);
        this.clipId = clip.id();
        this.oldName = clip.name();
        this.newName = newName;
    }

    @Override
    protected void apply() {
        project.renameClip(clipId, newName);
    }

    @Override
    protected void revert() {
        project.renameClip(clipId, oldName);
    }
}
