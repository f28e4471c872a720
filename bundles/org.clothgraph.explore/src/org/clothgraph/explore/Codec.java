package org.clothgraph.explore;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** Length-prefixed arrays for units of work and their results. */
final class Codec {
    private static final int MAX = 100_000_000;

    private Codec() {
    }

    static void writeLongs(DataOutput out, long[] a) throws IOException {
        out.writeInt(a.length);
        for (long x : a) {
            out.writeLong(x);
        }
    }

    static long[] readLongs(DataInput in) throws IOException {
        long[] a = new long[length(in)];
        for (int i = 0; i < a.length; i++) {
            a[i] = in.readLong();
        }
        return a;
    }

    static void writeDoubles(DataOutput out, double[] a) throws IOException {
        out.writeInt(a.length);
        for (double x : a) {
            out.writeDouble(x);
        }
    }

    static double[] readDoubles(DataInput in) throws IOException {
        double[] a = new double[length(in)];
        for (int i = 0; i < a.length; i++) {
            a[i] = in.readDouble();
        }
        return a;
    }

    static void writeFloats(DataOutput out, float[] a) throws IOException {
        out.writeInt(a.length);
        for (float x : a) {
            out.writeFloat(x);
        }
    }

    static float[] readFloats(DataInput in) throws IOException {
        float[] a = new float[length(in)];
        for (int i = 0; i < a.length; i++) {
            a[i] = in.readFloat();
        }
        return a;
    }

    private static int length(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX) {
            throw new IOException("bad array length " + n);
        }
        return n;
    }
}
