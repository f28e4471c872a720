/** ARCSim adapter: runs a user-supplied ARCSim 0.2.1 {@code arcsim} executable as the cloth simulator black box. */
package org.clothgraph.sim.arcsim;
