package org.clothgraph.motion.io;

/**
 * How a mocap file is normalised on import: project frame rate (default 30 fps, <= 0 keeps the file's
 * rate), unit scale to metres (NaN = detect from the skeleton's standing height) and the file's up axis.
 */
public record ImportOptions(double targetFps, double scale, UpAxis upAxis) {

    /** Up axis of the input; AUTO picks Y or Z from the rest pose's extents. */
    public enum UpAxis { AUTO, Y, Z }

    public static final ImportOptions DEFAULT = new ImportOptions(30, Double.NaN, UpAxis.AUTO);

    /** Keep the file's own frame rate, otherwise default. */
    public static final ImportOptions NATIVE_RATE = new ImportOptions(0, Double.NaN, UpAxis.AUTO);

    public ImportOptions withFps(double fps) { return new ImportOptions(fps, scale, upAxis); }
    public ImportOptions withScale(double s) { return new ImportOptions(targetFps, s, upAxis); }
    public ImportOptions withUpAxis(UpAxis u) { return new ImportOptions(targetFps, scale, u); }
}
