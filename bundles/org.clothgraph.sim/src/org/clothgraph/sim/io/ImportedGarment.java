package org.clothgraph.sim.io;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;

/**
 * A garment read from files: the mesh (rest positions = the file's world positions, Y-up), the state in
 * the file (positions and, for ARCSim frames, velocities; zero otherwise), and the source convention so
 * an adapter can write results back in the source frame.
 */
public record ImportedGarment(ClothMesh mesh, ClothState state, Axes sourceAxes) {
}
