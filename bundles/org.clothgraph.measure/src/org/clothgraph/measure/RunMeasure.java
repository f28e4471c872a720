package org.clothgraph.measure;

import java.util.List;
import java.util.Locale;

/**
 * The measures of every measured frame of a run, and their summary: the worst value over frames of each
 * measure, how many frames have any crossing, and the worst frame (most self plus body crossings, the earliest
 * on a tie).
 *
 * @param source what was measured (a run id, a folder), for the report
 */
public record RunMeasure(String source, List<FrameMeasure> frames) {

    public RunMeasure {
        frames = List.copyOf(frames);
    }

    public int maxSelfCrossings() {
        return frames.stream().mapToInt(FrameMeasure::selfCrossings).max().orElse(0);
    }

    /** -1 when no frame had a body surface. */
    public int maxBodyCrossings() {
        return frames.stream().mapToInt(FrameMeasure::bodyCrossings).max().orElse(-1);
    }

    /** Deepest penetration over frames (m); NaN when no frame was measured against a body. */
    public double maxPenetration() {
        return max(frames.stream().mapToDouble(FrameMeasure::maxPenetration).toArray());
    }

    public double maxStrainP99() {
        return max(frames.stream().mapToDouble(FrameMeasure::strainP99).toArray());
    }

    public double maxStrain() {
        return max(frames.stream().mapToDouble(FrameMeasure::strainMax).toArray());
    }

    public int framesWithCrossings() {
        return (int) frames.stream().filter(FrameMeasure::crosses).count();
    }

    /** The frame index (as measured, not the position in the list) with the most crossings; -1 when none crosses. */
    public int worstFrame() {
        FrameMeasure worst = null;
        for (FrameMeasure f : frames) {
            if (crossings(f) > 0 && (worst == null || crossings(f) > crossings(worst))) {
                worst = f;
            }
        }
        return worst == null ? -1 : worst.frame();
    }

    private static int crossings(FrameMeasure f) {
        return f.selfCrossings() + Math.max(0, f.bodyCrossings());
    }

    /** The largest value that is not NaN (frames without a body, an exploded frame's strain); NaN if none. */
    private static double max(double[] values) {
        double m = Double.NaN;
        for (double v : values) {
            if (!Double.isNaN(v) && (Double.isNaN(m) || v > m)) {
                m = v;
            }
        }
        return m;
    }

    /** The report as JSON: the summary, then one object per frame; lengths in mm, strain as fractions. */
    public String toJson() {
        StringBuilder b = new StringBuilder();
        b.append("{\n  \"source\": ").append(quote(source)).append(",\n");
        b.append("  \"frames\": ").append(frames.size()).append(",\n");
        b.append("  \"maxSelfCrossings\": ").append(maxSelfCrossings()).append(",\n");
        b.append("  \"maxBodyCrossings\": ").append(maxBodyCrossings()).append(",\n");
        b.append("  \"maxPenetrationMm\": ").append(number(maxPenetration() * 1000)).append(",\n");
        b.append("  \"maxStrainP99\": ").append(number(maxStrainP99())).append(",\n");
        b.append("  \"maxStrain\": ").append(number(maxStrain())).append(",\n");
        b.append("  \"framesWithCrossings\": ").append(framesWithCrossings()).append(",\n");
        b.append("  \"worstFrame\": ").append(worstFrame()).append(",\n");
        b.append("  \"perFrame\": [");
        for (int i = 0; i < frames.size(); i++) {
            FrameMeasure f = frames.get(i);
            b.append(i == 0 ? "\n" : ",\n").append("    {\"frame\": ").append(f.frame())
                    .append(", \"selfCrossings\": ").append(f.selfCrossings())
                    .append(", \"bodyCrossings\": ").append(f.bodyCrossings())
                    .append(", \"maxPenetrationMm\": ").append(number(f.maxPenetration() * 1000))
                    .append(", \"inside\": ").append(f.inside())
                    .append(", \"clearanceMm\": ").append(number(f.clearance() * 1000))
                    .append(", \"strainP99\": ").append(number(f.strainP99()))
                    .append(", \"strainMax\": ").append(number(f.strainMax())).append('}');
        }
        return b.append("\n  ]\n}\n").toString();
    }

    private static String number(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "null";
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
