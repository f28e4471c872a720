package org.clothgraph.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The basis coded over the mesh: exact round trips (smooth and noisy fields, the 8- and 16-bit extremes, vertices
 * on no triangle, several connected parts), smooth fields coded smaller than noise, and damaged streams refused
 * with an IOException (never another exception).
 */
class BasisCodingTest {

    /** A w x h grid of vertices, two triangles per cell, plus {@code loose} vertices on no triangle. */
    static int[] grid(int w, int h) {
        List<Integer> t = new ArrayList<>();
        for (int y = 0; y + 1 < h; y++) {
            for (int x = 0; x + 1 < w; x++) {
                int a = y * w + x;
                t.addAll(List.of(a, a + 1, a + w, a + 1, a + w + 1, a + w));
            }
        }
        return t.stream().mapToInt(Integer::intValue).toArray();
    }

    static short[][] fields(int w, int h, int loose, int[] bits, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int v = w * h + loose;
        short[][] q = new short[bits.length][3 * v];
        for (int i = 0; i < bits.length; i++) {
            int limit = bits[i] == 8 ? 127 : 32767;
            for (int k = 0; k < v; k++) {
                for (int c = 0; c < 3; c++) {
                    double x = (k % w) / (double) w;
                    double y = (k / w) / (double) h;
                    double smooth = Math.sin(3 * x + i + c) * Math.cos(2 * y * (i % 4 + 1));
                    double value = switch (i % 4) {
                    case 0 -> smooth * limit; // smooth, full range
                    case 1 -> r.nextInt(-limit, limit + 1); // noise over the full range
                    case 2 -> (r.nextBoolean() ? limit : -limit); // the extremes
                    default -> smooth * limit * 0.01 + r.nextInt(-2, 3); // small values
                    };
                    q[i][3 * k + c] = (short) Math.max(-limit, Math.min(limit, Math.round(value)));
                }
            }
        }
        return q;
    }

    @Test
    void roundTripsExactly() throws IOException {
        int w = 23;
        int h = 17;
        int loose = 3;
        int[] tri = grid(w, h);
        int[] bits = { 16, 8, 16, 8, 8, 16, 8, 16, 8 };
        short[][] q = fields(w, h, loose, bits, 7);
        BasisCoding coding = new BasisCoding(w * h + loose, tri);
        byte[] coded = coding.encode(q);
        short[][] back = new BasisCoding(w * h + loose, tri).decode(coded, 0, coded.length, bits);
        for (int i = 0; i < q.length; i++) {
            assertArrayEquals(q[i], back[i], "vector " + i);
        }
        // inside a larger array, at an offset
        byte[] padded = new byte[coded.length + 11];
        System.arraycopy(coded, 0, padded, 7, coded.length);
        short[][] again = coding.decode(padded, 7, coded.length, bits);
        for (int i = 0; i < q.length; i++) {
            assertArrayEquals(q[i], again[i], "vector " + i + " at an offset");
        }
    }

    @Test
    void aSmoothFieldIsCodedSmallerThanNoiseOfTheSameRange() throws IOException {
        int w = 40;
        int h = 30;
        int[] tri = grid(w, h);
        SplittableRandom r = new SplittableRandom(3);
        short[][] smooth = new short[1][3 * w * h];
        short[][] noise = new short[1][3 * w * h];
        for (int k = 0; k < w * h; k++) {
            for (int c = 0; c < 3; c++) {
                smooth[0][3 * k + c] = (short) Math.round(2000 * Math.sin(0.2 * (k % w) + c) * Math.cos(0.15 * (k / w)));
                noise[0][3 * k + c] = (short) r.nextInt(-2000, 2001);
            }
        }
        BasisCoding coding = new BasisCoding(w * h, tri);
        int smoothBytes = coding.encode(smooth).length;
        int noiseBytes = coding.encode(noise).length;
        assertTrue(smoothBytes < noiseBytes / 2, smoothBytes + " bytes smooth vs " + noiseBytes + " noise");
        assertArrayEquals(smooth[0], coding.decode(coding.encode(smooth), 0, coding.encode(smooth).length,
                new int[] { 16 })[0]);
    }

    @Test
    void damagedStreamsAreRefusedWithAnIoException() throws IOException {
        int w = 12;
        int h = 9;
        int[] tri = grid(w, h);
        int[] bits = { 16, 8, 16, 8 };
        short[][] q = fields(w, h, 0, bits, 11);
        BasisCoding coding = new BasisCoding(w * h, tri);
        byte[] coded = coding.encode(q);
        SplittableRandom r = new SplittableRandom(5);
        int refused = 0;
        for (int trial = 0; trial < 2000; trial++) {
            byte[] bad = coded.clone();
            int kind = trial % 3;
            int length = bad.length;
            if (kind == 0) {
                bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
            } else if (kind == 1) {
                length = r.nextInt(bad.length);
            } else {
                bad[r.nextInt(bits.length)] = (byte) r.nextInt(256); // a predictor byte
            }
            try {
                short[][] got = coding.decode(bad, 0, length, bits);
                for (int i = 0; i < bits.length; i++) {
                    for (short x : got[i]) {
                        assertTrue(bits[i] == 16 || (x >= -127 && x <= 127), "within the bits");
                    }
                }
            } catch (IOException e) {
                refused++;
                assertTrue(!e.getMessage().contains("\n"), e.getMessage());
            }
        }
        assertTrue(refused > 1000, refused + " of 2000 damaged streams refused");
        // triangles naming vertices that do not exist
        assertThrows(IOException.class, () -> new BasisCoding(5, new int[] { 0, 1, 5 }));
        assertThrows(IOException.class, () -> new BasisCoding(5, new int[] { 0, -1, 2 }));
    }

    @Test
    void bucketsAreHalfOctaves() {
        assertEquals(0, BasisCoding.bucket(0, 0));
        assertEquals(1, BasisCoding.bucket(0, 3));
        assertTrue(BasisCoding.bucket(1, 1) < BasisCoding.bucket(2, 1));
        assertTrue(BasisCoding.bucket(2, 1) < BasisCoding.bucket(3, 1));
        assertEquals(BasisCoding.bucket(10, 2), BasisCoding.bucket(5, 1));
        assertEquals(23, BasisCoding.bucket(Long.MAX_VALUE / 8, 1));
    }
}
