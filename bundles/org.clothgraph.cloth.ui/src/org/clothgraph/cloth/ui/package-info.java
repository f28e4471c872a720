/**
 * Workbench parts for garments and simulation: the OpenGL cloth preview of a simulated run (garment,
 * material, vertex groups, hood state) and simulation runs as cancellable jobs.
 */
package org.clothgraph.cloth.ui;
