/**
 * The out-of-core cloth frame store: simulated cloth states appended to checksummed segment files and
 * indexed in the project database, read back one frame at a time without loading the rest.
 */
package org.clothgraph.model.frames;
