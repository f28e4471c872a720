package org.clothgraph.model.operations;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.Project;

/** Excludes a clip from (or re-includes it in) the next primary graph build. */
public final class ExcludeClipOperation extends ProjectOperation {
    private final long clipId;
    private final boolean excluded;

    public ExcludeClipOperation(Project project, ClipInfo clip, boolean excluded) {
        super(excluded ? "Exclude Clip" : "Include Clip", project);
        this.clipId = clip.id();
        this.excluded = excluded;
    }

    @Override
    protected void apply() {
        project.setClipExcluded(clipId, excluded);
    }

    @Override
    protected void revert() {
        project.setClipExcluded(clipId, !excluded);
    }
}
