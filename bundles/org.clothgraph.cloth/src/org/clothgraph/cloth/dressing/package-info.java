/**
 * Dressing actions (Clegg, Tan, Turk, Liu, "Animating Human Dressing", SIGGRAPH 2015): an action queue, and the
 * controller that runs it on the character while the embedded simulator runs the garment with grip constraints.
 */
package org.clothgraph.cloth.dressing;
