package org.clothgraph.model;

/** A motion clip stored in the project (a BVH file under motions/). */
public record ClipInfo(long id, String name, String file, double fps, int frameCount, boolean excluded) {
    public double durationSeconds() {
        return frameCount / fps;
    }
}
