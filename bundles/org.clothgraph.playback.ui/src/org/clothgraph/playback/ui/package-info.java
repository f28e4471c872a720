/**
 * The workbench side of real-time playback (Kim et al. 2013, section 5.2): the Playback view, an OpenGL view of a
 * runtime database decoded frame by frame as the character walks the primary graph.
 */
package org.clothgraph.playback.ui;
