/**
 * Headless embedded cloth simulator (small-step XPBD): the simulator black box, materials, settings,
 * failures, serialisable work units, initial drape and the benchmark. Units: metres, seconds, kg; Y up.
 */
package org.clothgraph.sim;
