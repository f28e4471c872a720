/** ARCSim adapter internals: strict JSON, .mot files, frame OBJ files, scene layout and the child-process runner. */
package org.clothgraph.sim.arcsim.internal;
