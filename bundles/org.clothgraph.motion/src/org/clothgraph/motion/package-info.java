/** Core primary-motion types: skeleton, clip (Motion), quaternion/vector math and forward kinematics. */
package org.clothgraph.motion;
