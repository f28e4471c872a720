/**
 * The workbench side of exploration (Kim et al. 2013, section 3): the Exploration view's id, and a unit executor
 * that runs every expansion as its own Eclipse Job so the Progress view shows what is being simulated.
 */
package org.clothgraph.explore.ui;
