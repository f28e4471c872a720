/**
 * Undoable user edits of a project, run through the Eclipse operation history so the workbench's
 * Undo/Redo and the CLI share them.
 */
package org.clothgraph.model.operations;
