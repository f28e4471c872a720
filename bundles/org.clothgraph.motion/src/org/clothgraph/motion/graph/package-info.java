/** Motion graph (Kovar, Arikan and Pighin 2002): frame distances, transitions, SCC pruning, benchmark. */
package org.clothgraph.motion.graph;
