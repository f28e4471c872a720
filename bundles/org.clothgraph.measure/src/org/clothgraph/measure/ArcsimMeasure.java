package org.clothgraph.measure;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Measures an ARCSim output folder: strain against the material-space ({@code vt}) edge lengths of its first
 * frame, and body crossings and penetration against its transformed obstacles when it has them.
 */
public final class ArcsimMeasure {

    private ArcsimMeasure() {
    }

    /** Measures the given frame numbers of the run (in that order). */
    public static RunMeasure measure(ArcsimRun run, List<Integer> frameNumbers, IProgressMonitor monitor) {
        ArcsimRun.Mesh first = run.cloth(run.frameNumbers().get(0));
        if (first.cornerUv().length == 0) {
            throw new org.clothgraph.model.InvalidInputException(run.folder().resolve(
                    String.format("%04d_00.obj", run.frameNumbers().get(0))), "vt", "faces without material coordinates");
        }
        Strain strain = Strain.againstMaterial(first.uv(), first.triangles(), first.cornerUv());
        Measurer measurer = run.hasObstacles()
                ? new Measurer(first.triangles(), strain, run.obstacleVertexCount(), run.obstacleTriangles())
                : new Measurer(first.triangles(), strain, 0, null);
        SubMonitor sub = SubMonitor.convert(monitor, "Measuring " + run.folder(), frameNumbers.size());
        List<FrameMeasure> out = new ArrayList<>();
        for (int f : frameNumbers) {
            ArcsimRun.Mesh m = run.cloth(f);
            if (!java.util.Arrays.equals(m.triangles(), first.triangles())) {
                throw new org.clothgraph.model.InvalidInputException(run.folder().resolve(String.format("%04d_00.obj", f)),
                        "f", "topology differs from the first frame (remeshing is not measured)");
            }
            out.add(run.hasObstacles() ? measurer.measure(f, m.positions(), run.obstaclesAt(f))
                    : measurer.measure(f, m.positions()));
            sub.split(1);
        }
        return new RunMeasure(run.folder().toString(), out);
    }
}
