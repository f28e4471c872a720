/** Foot contact (one definition for the whole product) and foot slide, the measure of skating feet, in mm. */
package org.clothgraph.motion.contact;
