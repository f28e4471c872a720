/**
 * The motion core meets the workspace model: the project character, clips imported into a project as
 * BVH, and the primary motion graph built from them and stored in the project.
 */
package org.clothgraph.motion.project;
