/** The procedurally generated demo character (skeleton + collision capsules) and its demo clips. */
package org.clothgraph.motion.demo;
