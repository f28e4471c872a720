/** Geometry shared by the character's skin and the simulator's body surface (no project state). */
package org.clothgraph.model.geometry;
