/**
 * Garment import: Berkeley Garment Library OBJ pairs, ARCSim merged OBJ meshes and frames (with
 * velocities), ARCSim fabric JSON; Z-up to Y-up conversion is explicit (see {@link org.clothgraph.sim.io.Axes}).
 */
package org.clothgraph.sim.io;
