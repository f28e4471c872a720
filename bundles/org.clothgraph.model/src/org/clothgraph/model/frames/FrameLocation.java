package org.clothgraph.model.frames;

/** Index entry of a stored frame: segment file, byte offset, vertex count and payload checksum. */
public record FrameLocation(long frameId, int segment, long offset, int vertexCount, int crc) {
}
