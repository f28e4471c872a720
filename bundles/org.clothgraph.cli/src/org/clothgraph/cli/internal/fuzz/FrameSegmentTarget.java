package org.clothgraph.cli.internal.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameWriter;

/** The frame store's segment reader: a project whose one segment file is replaced by each mutation, every frame read. */
final class FrameSegmentTarget implements ReaderFuzz.Target {
    private static final int FRAMES = 8;
    private static final int VERTICES = 20;

    private final Project project;
    private final Path segment;
    private final byte[] seed;
    private final long[] ids = new long[FRAMES];

    private FrameSegmentTarget(Path folder) throws IOException {
        project = Project.create(folder, "fuzz");
        try (FrameWriter w = project.frames().writer()) {
            for (int f = 0; f < FRAMES; f++) {
                float[] p = new float[3 * VERTICES];
                for (int i = 0; i < p.length; i++) {
                    p[i] = f + i * 0.01f;
                }
                ids[f] = w.append(p, new float[3 * VERTICES]);
            }
            w.commit();
        }
        segment = project.frames().folder().resolve("segment-00000.cgf");
        seed = Files.readAllBytes(segment);
    }

    static FrameSegmentTarget create(Path scratch) throws IOException {
        return new FrameSegmentTarget(scratch.resolve("project"));
    }

    @Override
    public String name() {
        return "frame-segment";
    }

    @Override
    public boolean text() {
        return false;
    }

    @Override
    public byte[] seed() {
        return seed;
    }

    @Override
    public void read(byte[] content) throws IOException {
        Files.write(segment, content);
        for (long id : ids) {
            project.frames().read(id);
        }
    }

    @Override
    public String file() {
        return segment.toString();
    }

    @Override
    public void close() {
        project.close();
    }
}
