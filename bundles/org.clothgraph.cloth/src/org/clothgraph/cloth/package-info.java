/**
 * Cloth on the project character: the collision body made from the skeleton, primary-graph paths the
 * simulator follows, garments stored in a project, and simulation runs that fill the frame store.
 */
package org.clothgraph.cloth;
