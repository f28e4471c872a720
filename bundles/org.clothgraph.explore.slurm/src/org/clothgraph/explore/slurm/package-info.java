/**
 * Exploration on a Slurm cluster: pilot jobs serving units of work from the project's queue folder, and the
 * controller that places a round's units there, follows the jobs and returns the results in unit order.
 */
package org.clothgraph.explore.slurm;
