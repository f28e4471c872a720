package org.clothgraph.model;

/**
 * An edge p -> q of the primary motion graph: q may follow p. Clip edges join consecutive frames of a
 * clip; transition edges are blended segments between similar poses (Kovar et al. 2002), with the
 * point-cloud distance that justified them.
 */
public record PrimaryEdge(long id, long from, long to, Kind kind, double distance) {
    public enum Kind {
        CLIP, TRANSITION
    }
}
