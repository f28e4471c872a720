package org.clothgraph.cli.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.compress.StreamingSvd;
import org.clothgraph.compress.SyntheticFrames;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * {@code bench compress}: the out-of-core SVD over a generated D of any size (acceptance 4: its peak heap stays
 * bounded when D is several times the heap): n, D's bytes, the heap, the time and the streaming rate of the
 * passes. Run it with a small heap, e.g. {@code CLOTHGRAPH_JAVA_OPTS=-Xmx256m}.
 */
final class CompressBench {
    private CompressBench() {
    }

    static Map<String, Object> run(int vertices, int frames, int basis, IProgressMonitor monitor) {
        SyntheticFrames d = new SyntheticFrames(vertices, frames);
        StreamingSvd.Result r = new StreamingSvd(d, StreamingSvd.Settings.of(basis)).run(monitor);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", "compress");
        m.put("vertices", vertices);
        m.put("frames", frames);
        m.put("basis", r.basisSize());
        m.put("dMegabytes", BenchCommand.round(d.bytes() / 1e6));
        m.put("maxHeapMegabytes", BenchCommand.round(Runtime.getRuntime().maxMemory() / 1e6));
        m.put("dOverHeap", BenchCommand.round((double) d.bytes() / Runtime.getRuntime().maxMemory()));
        m.put("peakHeapMegabytes", BenchCommand.round(r.peakHeapBytes() / 1e6));
        m.put("passes", r.passes());
        m.put("seconds", BenchCommand.round(r.seconds()));
        m.put("secondsPerPass", BenchCommand.round(r.seconds() / r.passes()));
        m.put("megabytesStreamed", BenchCommand.round(r.bytesRead() / 1e6));
        m.put("megabytesPerSecond", BenchCommand.round(r.megabytesPerSecond()));
        double[] s = r.singularValues();
        m.put("leadingSingularValues", new double[] { s[0], s.length > 1 ? s[1] : 0, s.length > 2 ? s[2] : 0 });
        return m;
    }
}
