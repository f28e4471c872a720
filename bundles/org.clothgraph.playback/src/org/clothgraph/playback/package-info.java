/**
 * A runtime database played with the project's character: the body posed at each decoded frame's primary node and
 * the cloth moved from the root frame into the world of the walk; shared by the Playback view, export and the CLI.
 */
package org.clothgraph.playback;
