/** Joint-name mapping tables and rotation retargeting onto another skeleton (the demo character). */
package org.clothgraph.motion.retarget;
