package org.clothgraph.sim.io;

/**
 * Up-axis convention of a file. ClothGraph is Y-up. A Z-up file point (x, y, z) maps to Y-up
 * (x, z, -y) (a -90 degree rotation about X, right-handed, keeps the handedness); writing back to Z-up
 * applies the inverse (x, y, z) -> (x, -z, y). The same map applies to velocities. ARCSim simulation
 * output (arcsim-runs, gravity along -Z) is Z_UP; the Berkeley Garment Library mesh files and ARCSim's
 * bundled robe.obj are stored in their own modelling frame, which is Y-up (read them with Y_UP).
 */
public enum Axes {
    Y_UP,
    Z_UP;

    /** Converts xyz-interleaved data in place from this convention to Y-up. */
    public void toYUp(float[] xyz) {
        if (this == Z_UP) {
            for (int i = 0; i < xyz.length; i += 3) {
                float y = xyz[i + 1];
                xyz[i + 1] = xyz[i + 2];
                xyz[i + 2] = -y;
            }
        }
    }

    /** Converts xyz-interleaved Y-up data in place to this convention. */
    public void fromYUp(float[] xyz) {
        if (this == Z_UP) {
            for (int i = 0; i < xyz.length; i += 3) {
                float y = xyz[i + 1];
                xyz[i + 1] = -xyz[i + 2];
                xyz[i + 2] = y;
            }
        }
    }
}
