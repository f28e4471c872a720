package org.clothgraph.measure.tests;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A cloth frame kept as a test resource: gzipped big-endian "CGMF", version 1, vertex count, triangle count,
 * rest positions (float32 xyz), frame positions (float32 xyz), triangles (int32 triples).
 */
record MeshFixture(float[] rest, float[] positions, int[] triangles) {

    private static final int MAGIC = 0x43474d46; // "CGMF"

    static MeshFixture read(InputStream in) throws IOException {
        try (DataInputStream d = new DataInputStream(new GZIPInputStream(in))) {
            if (d.readInt() != MAGIC || d.readInt() != 1) {
                throw new IOException("not a version-1 mesh fixture");
            }
            int v = d.readInt(), t = d.readInt();
            float[] rest = new float[3 * v], pos = new float[3 * v];
            int[] tris = new int[3 * t];
            for (int i = 0; i < rest.length; i++) {
                rest[i] = d.readFloat();
            }
            for (int i = 0; i < pos.length; i++) {
                pos[i] = d.readFloat();
            }
            for (int i = 0; i < tris.length; i++) {
                tris[i] = d.readInt();
            }
            return new MeshFixture(rest, pos, tris);
        }
    }

    /** Reads a fixture from this bundle's {@code resources/} folder. */
    static MeshFixture resource(String name) throws IOException {
        try (InputStream in = MeshFixture.class.getResourceAsStream("/resources/" + name)) {
            if (in == null) {
                throw new IOException("missing test resource resources/" + name);
            }
            return read(in);
        }
    }

    void write(Path file) throws IOException {
        try (OutputStream o = Files.newOutputStream(file);
                DataOutputStream d = new DataOutputStream(new GZIPOutputStream(o))) {
            d.writeInt(MAGIC);
            d.writeInt(1);
            d.writeInt(rest.length / 3);
            d.writeInt(triangles.length / 3);
            for (float f : rest) {
                d.writeFloat(f);
            }
            for (float f : positions) {
                d.writeFloat(f);
            }
            for (int i : triangles) {
                d.writeInt(i);
            }
        }
    }
}
