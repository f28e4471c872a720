/**
 * Growth of the secondary cloth graph (Kim et al. 2013, section 3): initialisation, RemoveDeadend, ExpandGraph,
 * the merge error, units of work that run in threads or worker processes, and the exploration status; walks of
 * the explored graph with the blend across merged transitions (section 5.1).
 */
package org.clothgraph.explore;
