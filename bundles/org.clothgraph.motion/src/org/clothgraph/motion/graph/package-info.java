/** Motion graph (Kovar, Arikan and Pighin 2002): frame distances, transitions, near-duplicate suppression, SCC pruning, path playback, benchmark. */
package org.clothgraph.motion.graph;
