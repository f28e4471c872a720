/**
 * Export of a walk for engines and viewers: glTF 2.0 (cloth and body as morph targets, one per frame, with an
 * animated weights channel) and an OBJ sequence, each with the frames' error bounds.
 */
package org.clothgraph.playback.export;
