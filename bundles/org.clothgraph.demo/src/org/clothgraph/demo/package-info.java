/**
 * The main job on the embedded default: builds the demo project (character, clips, motion graph, and
 * each later stage of the pipeline) as one core operation that the CLI and the workbench both run.
 */
package org.clothgraph.demo;
