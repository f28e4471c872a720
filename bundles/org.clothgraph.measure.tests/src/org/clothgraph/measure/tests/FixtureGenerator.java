package org.clothgraph.measure.tests;

import java.nio.file.Path;

import org.clothgraph.cloth.ClothRun;
import org.clothgraph.cloth.ProjectGarments;
import org.clothgraph.measure.SelfIntersections;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.Project;
import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.garment.Garments;

/**
 * Writes the demo-robe fixtures (see resources/README.md) from a demo project built by
 * {@code clothgraph demo --workspace DIR --headless --frames 0}. Run by hand, never by the tests:
 * {@code java -cp <bundle jars> org.clothgraph.measure.tests.FixtureGenerator DIR OUTDIR}.
 */
public final class FixtureGenerator {

    private FixtureGenerator() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[1]);
        try (Project project = Project.open(Path.of(args[0]))) {
            GarmentInfo robe = ProjectGarments.find(project, ProjectGarments.ROBE);
            ClothMesh stored = ProjectGarments.mesh(project, robe);
            // The robe as the demo generates it (float exact), and as the project stores it (OBJ, 6 digits).
            ClothMesh generated = Garments.hoodedRobe(ProjectGarments.restBody(project), Garments.DEFAULT_ROBE_VERTICES);
            System.out.printf("rest robe: generated %d vertices, %d crossings; stored %d crossings%n",
                    generated.vertexCount(), SelfIntersections.count(generated.restPositions(), generated.triangles()),
                    SelfIntersections.count(stored.restPositions(), stored.triangles()));
            new MeshFixture(generated.restPositions(), generated.restPositions(), generated.triangles())
                    .write(out.resolve("robe-rest.cgmf.gz"));
            ClothRun.Report run = ClothRun.runs(project).get(0);
            System.out.printf("run %s %s on %s, frames %d..%d%n", run.runId(), run.garment(), run.clips(),
                    run.firstFrameId(), run.lastFrameId());
            for (long id = run.firstFrameId(); id < run.firstFrameId() + 3; id++) {
                float[] p = project.frames().read(id).positions();
                System.out.printf("frame %d: %d crossings%n", id - run.firstFrameId(),
                        SelfIntersections.count(p, stored.triangles()));
            }
            float[] first = project.frames().read(run.firstFrameId()).positions();
            new MeshFixture(stored.restPositions(), first, stored.triangles()).write(out.resolve("robe-walk-frame0.cgmf.gz"));
        }
    }
}
