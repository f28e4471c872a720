/** Readers and writers for motion-capture formats (BVH, ASF/AMC); all parse errors are InvalidInputException. */
package org.clothgraph.motion.io;
