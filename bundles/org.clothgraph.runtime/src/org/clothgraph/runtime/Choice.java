package org.clothgraph.runtime;

/**
 * One way on from the current frame: an outgoing primary edge of its primary node (or, inside a blended primary
 * transition, the one way on to its end).
 *
 * @param clipChange true for a blended transition into another clip or another place of the clip
 */
public record Choice(int index, long toPrimaryNode, String clip, int clipFrame, boolean clipChange) {
}
