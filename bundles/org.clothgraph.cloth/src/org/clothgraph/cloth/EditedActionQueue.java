package org.clothgraph.cloth;

import org.clothgraph.cloth.dressing.ActionQueue;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.ProjectOperation;

/**
 * The dressing action queue being edited in the workbench (the Dressing view), kept in the project (settings scope
 * {@link #SCOPE}) so that its edits are undoable operations in the project's history like every other edit and reach
 * the views through the model's one change path. Stored as the queue file's JSON ({@link ActionQueue#toJson}); no
 * setting is an empty queue (a queue file needs at least one action).
 */
public final class EditedActionQueue {
    public static final String SCOPE = "dressing-editor";
    public static final String KEY = "queue";

    private EditedActionQueue() {
    }

    /** The queue being edited, or null when it is empty. */
    public static ActionQueue of(Project project) {
        return project.setting(SCOPE, KEY).map(json -> ActionQueue.parse("project " + project.name() + ", dressing queue",
                json)).orElse(null);
    }

    /** An edit of the queue (add, remove, move, change an action, load a file): undo puts the previous queue back. */
    public static final class Edit extends ProjectOperation {
        private final String to;
        private String from;

        /** @param to the queue after the edit (null or no actions: empty) */
        public Edit(Project project, String label, ActionQueue to) {
            super(label, project);
            this.to = to == null || to.actions().isEmpty() ? null : to.toJson();
        }

        @Override
        protected void apply() {
            from = project.setting(SCOPE, KEY).orElse(null);
            project.setSetting(SCOPE, KEY, to);
        }

        @Override
        protected void revert() {
            project.setSetting(SCOPE, KEY, from);
        }
    }
}
