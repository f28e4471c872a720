package org.clothgraph.cli.internal.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.model.Project;
import org.clothgraph.model.frames.FrameWriter;

/** The frame store's segment reader: a project whose one segment file is replaced by each mutation, every frame read. */
final class FrameSegmentTarget extends ReaderFuzz.BaseTarget {
    private static final int FRAMES = 8;
    private static final int VERTICES = 20;

    private final Project project;
    private final Path segment;
    private final long[] ids;

    private FrameSegmentTarget(Project project, long[] ids, Path segment) throws IOException {
        super("frame-segment", false, Files.readAllBytes(segment), segment);
        this.project = project;
        this.ids = ids;
        this.segment = segment;
    }

    static FrameSegmentTarget create(Path scratch) throws IOException {
        Project project = Project.create(scratch.resolve("project"), "fuzz");
        long[] ids = new long[FRAMES];
        try (FrameWriter w = project.frames().writer()) {
            for (int f = 0; f < FRAMES; f++) {
                float[] p = new float[3 * VERTICES];
                for (int i = 0; i < p.length; i++) {
                    p[i] = f + i * 0.01f;
                }
                ids[f] = w.append(p, new float[3 * VERTICES]);
            }
            w.commit();
        } catch (RuntimeException e) {
            project.close();
            throw e;
        }
        return new FrameSegmentTarget(project, ids, project.frames().folder().resolve("segment-00000.cgf"));
    }

    @Override
    public void read(byte[] content) throws IOException {
        Files.write(segment, content);
        for (long id : ids) {
            project.frames().read(id);
        }
    }

    @Override
    public void close() {
        project.close();
    }
}
