package org.clothgraph.motion.graph;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.graph.MotionGraph.Edge;
import org.clothgraph.motion.graph.MotionGraph.Kind;
import org.clothgraph.motion.graph.MotionGraph.Node;

/**
 * A transition from frame fromFrame of clip fromClip to frame toFrame of clip toClip (Kovar et al. 2002), as computed
 * by {@link MotionGraphBuilder#transition(java.util.List, int, int, int, int, int)}: the window-frame source span is
 * fromClip[fromFrame + 1 .. fromFrame + window], the target span toClip[toFrame - window + 1 .. toFrame].
 *
 * @param distance RMS joint-position distance in metres between the two spans after the alignment
 * @param alignment maps the target clip into the source clip's frame (rotation about Y plus ground translation)
 * @param blend the window blended frames in the source clip's coordinates; its last frame is the aligned target frame
 */
public record Transition(int fromClip, int fromFrame, int toClip, int toFrame, int window, double distance,
        Alignment alignment, Motion blend) {

    public Node from() { return new Node(fromClip, fromFrame); }

    public Node to() { return new Node(toClip, toFrame); }

    /** Foot slide during the blend in mm ({@link org.clothgraph.motion.contact.FootSlide#transitionMm}); clips as for {@link MotionGraphBuilder#transition}. */
    public double footSlideMm(java.util.List<Motion> clips) {
        return org.clothgraph.motion.contact.FootSlide.transitionMm(clips.get(fromClip), fromFrame, blend, clips.get(toClip), toFrame,
                alignment::apply);
    }

    /** This transition as a graph edge (kind TRANSITION). */
    public Edge toEdge() { return new Edge(from(), to(), Kind.TRANSITION, distance, alignment, blend); }
}
