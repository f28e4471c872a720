/** The Slurm backend's parts: the queue folder, Slurm's commands, result records, the product version. */
package org.clothgraph.explore.slurm.internal;
