/**
 * Independent measures of cloth frames, written apart from the solver: self-intersections, crossings with and
 * penetration into the body surface, strain against rest lengths; per frame and per run. Units: metres.
 */
package org.clothgraph.measure;
