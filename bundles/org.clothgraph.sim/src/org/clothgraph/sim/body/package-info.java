/**
 * Collision bodies for the cloth simulator: capsules, posed bodies, body motions (procedural and
 * sampled). The skeleton/animation bundle adapts its poses to {@link org.clothgraph.sim.body.BodyMotion}.
 */
package org.clothgraph.sim.body;
