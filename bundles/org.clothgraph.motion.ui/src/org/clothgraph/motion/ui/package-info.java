/**
 * Workbench parts for the primary motion graph: the graph editor (clips as lanes, transitions as arcs,
 * pose preview, undoable edits) and the motion capture import wizard.
 */
package org.clothgraph.motion.ui;
