package org.clothgraph.runtime.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * An adaptive binary range coder (the LZMA one: 11-bit probabilities adapted by 1/32 per coded bit, carry handled
 * by a cache byte) and the model of a signed integer built on it: a zero flag, a sign, an Exp-Golomb exponent in
 * unary and the mantissa, each bit with a probability of its own per context; only the mantissa bits below the
 * first are coded without a model. The encoder's output is read back bit for bit by the decoder.
 */
public final class RangeCoder {
    private static final int BITS = 11;
    private static final int ONE = 1 << BITS;
    private static final int SHIFT = 5;
    private static final int TOP = 0xFF000000;
    /** Exponent slots per context: values up to 2^16 - 1 in magnitude. */
    public static final int EXPONENTS = 17;

    private RangeCoder() {
    }

    /** The per-context probabilities of the integer model. */
    public static final class Model {
        final short[] zero;
        final short[] sign;
        final short[] exponent;
        final short[] mantissa;

        public Model(int contexts) {
            zero = init(contexts);
            sign = init(contexts);
            exponent = init(contexts * EXPONENTS);
            mantissa = init(contexts * EXPONENTS);
        }

        private static short[] init(int n) {
            short[] p = new short[n];
            Arrays.fill(p, (short) (ONE / 2));
            return p;
        }
    }

    public static final class Encoder {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private long low;
        private int range = 0xFFFFFFFF;
        private int cache;
        private long cacheSize = 1;

        void bit(short[] p, int i, int bit) {
            int prob = p[i];
            int bound = (range >>> BITS) * prob;
            if (bit == 0) {
                range = bound;
                p[i] = (short) (prob + ((ONE - prob) >>> SHIFT));
            } else {
                low += bound & 0xFFFFFFFFL;
                range -= bound;
                p[i] = (short) (prob - (prob >>> SHIFT));
            }
            while ((range & TOP) == 0) {
                range <<= 8;
                shiftLow();
            }
        }

        void direct(int value, int count) {
            for (int k = count - 1; k >= 0; k--) {
                range >>>= 1;
                if (((value >>> k) & 1) != 0) {
                    low += range & 0xFFFFFFFFL;
                }
                while ((range & TOP) == 0) {
                    range <<= 8;
                    shiftLow();
                }
            }
        }

        private void shiftLow() {
            int high = (int) (low >>> 32);
            if (high != 0 || low < 0xFF000000L) {
                int temp = cache;
                do {
                    out.write((temp + high) & 0xFF);
                    temp = 0xFF;
                } while (--cacheSize != 0);
                cache = (int) (low >>> 24) & 0xFF;
            }
            cacheSize++;
            low = (low & 0x00FFFFFFL) << 8;
        }

        /** Codes v (|v| &lt; 2^16) in context ctx. */
        public void put(Model m, int ctx, int v) {
            bit(m.zero, ctx, v == 0 ? 0 : 1);
            if (v == 0) {
                return;
            }
            bit(m.sign, ctx, v < 0 ? 1 : 0);
            int a = Math.abs(v);
            int e = 31 - Integer.numberOfLeadingZeros(a);
            if (e >= EXPONENTS - 1) {
                throw new IllegalArgumentException("value " + v + " outside the coder's range");
            }
            for (int k = 0; k < e; k++) {
                bit(m.exponent, ctx * EXPONENTS + k, 1);
            }
            bit(m.exponent, ctx * EXPONENTS + e, 0);
            if (e > 0) {
                int rest = a - (1 << e);
                bit(m.mantissa, ctx * EXPONENTS + e, (rest >>> (e - 1)) & 1);
                if (e > 1) {
                    direct(rest, e - 1);
                }
            }
        }

        public byte[] finish() {
            for (int i = 0; i < 5; i++) {
                shiftLow();
            }
            return out.toByteArray();
        }
    }

    public static final class Decoder {
        private final byte[] b;
        private final int end;
        private int pos;
        private int range = 0xFFFFFFFF;
        private int code;

        /** @throws IOException when the stream does not start as an encoder's does */
        public Decoder(byte[] b, int offset, int end) throws IOException {
            this.b = b;
            this.end = end;
            pos = offset;
            if (end - offset < 5 || b[pos++] != 0) {
                throw new IOException("range-coded stream is truncated or does not start with 0");
            }
            for (int i = 0; i < 4; i++) {
                code = (code << 8) | (b[pos++] & 0xFF);
            }
        }

        private int next() {
            return pos < end ? b[pos++] & 0xFF : (pos++ & 0); // past the end: counted, checked by atEnd
        }

        int bit(short[] p, int i) {
            int prob = p[i];
            int bound = (range >>> BITS) * prob;
            int bit;
            if ((code ^ 0x80000000) < (bound ^ 0x80000000)) {
                range = bound;
                p[i] = (short) (prob + ((ONE - prob) >>> SHIFT));
                bit = 0;
            } else {
                code -= bound;
                range -= bound;
                p[i] = (short) (prob - (prob >>> SHIFT));
                bit = 1;
            }
            while ((range & TOP) == 0) {
                code = (code << 8) | next();
                range <<= 8;
            }
            return bit;
        }

        int direct(int count) {
            int r = 0;
            for (int k = 0; k < count; k++) {
                range >>>= 1;
                code -= range;
                int t = 0 - (code >>> 31);
                code += range & t;
                r = (r << 1) | (t + 1);
                while ((range & TOP) == 0) {
                    code = (code << 8) | next();
                    range <<= 8;
                }
            }
            return r;
        }

        /** Decodes a value coded by {@link Encoder#put}; a corrupt stream gives an exception or a wrong value. */
        public int get(Model m, int ctx) throws IOException {
            if (bit(m.zero, ctx) == 0) {
                return 0;
            }
            boolean negative = bit(m.sign, ctx) == 1;
            int e = 0;
            while (bit(m.exponent, ctx * EXPONENTS + e) == 1) {
                e++;
                if (e >= EXPONENTS - 1) {
                    throw new IOException("range-coded value too large (corrupt stream)");
                }
            }
            int a = 1 << e;
            if (e > 0) {
                a += bit(m.mantissa, ctx * EXPONENTS + e) << (e - 1);
                if (e > 1) {
                    a += direct(e - 1);
                }
            }
            return negative ? -a : a;
        }

        /** Whether exactly the encoder's bytes were read. */
        public boolean atEnd() {
            return pos == end;
        }
    }
}
