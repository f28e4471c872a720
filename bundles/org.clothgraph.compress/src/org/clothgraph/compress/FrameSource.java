package org.clothgraph.compress;

/**
 * The columns of D (3v x n), read in order, one streaming pass at a time: the SVD never holds more than a chunk
 * of them, so its heap does not grow with n.
 */
public interface FrameSource {
    /** 3 x vertices. */
    int rows();

    /** n, the frames. */
    int columns();

    /** Column {@code j} (vertex positions, xyz interleaved, metres) into {@code out} (rows floats). */
    void read(int j, float[] out);
}
