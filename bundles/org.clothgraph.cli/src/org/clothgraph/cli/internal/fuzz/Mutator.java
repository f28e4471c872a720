package org.clothgraph.cli.internal.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A seeded mutator of file contents, in the spirit of SQLite's and AFL's: bit flips, truncation, byte insertion and
 * deletion, numbers replaced by huge, negative or NaN values (as text in text formats, as 4- and 8-byte fields in
 * binary ones) and line (or block) duplication; one to three of them per mutation. The same seed gives the same
 * mutations.
 */
public final class Mutator {
    /** Kinds of mutation, for the report. */
    public enum Kind {
        BIT_FLIP, TRUNCATE, INSERT, DELETE, NUMBER, DUPLICATE
    }

    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    private static final String[] TEXT_NUMBERS = { "99999999999", "2147483648", "2147483647", "9223372036854775808",
        "1e308", "1e999", "-1", "-2147483648", "-1e308", "NaN", "-NaN", "Infinity", "-Infinity", "0", "-0", "1e-320",
        "0.0000001", "4294967296" };
    private static final long[] BINARY_NUMBERS = { 0x7fffffffL, 0xffffffffL, 0x80000000L, -1L, Long.MAX_VALUE,
        Long.MIN_VALUE, 0L, Float.floatToRawIntBits(Float.NaN), Double.doubleToRawLongBits(Double.NaN),
        Float.floatToRawIntBits(Float.POSITIVE_INFINITY), 1L << 40 };

    private final SplittableRandom random;

    public Mutator(long seed) {
        random = new SplittableRandom(seed);
    }

    /** A seeded choice among {@code n}, for targets that choose what to mutate. */
    public int pick(int n) {
        return random.nextInt(n);
    }

    /** One mutated copy of {@code seed}; {@code text} chooses text-aware number and line mutations. */
    public byte[] mutate(byte[] seed, boolean text) {
        byte[] b = seed.clone();
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            b = once(b, text);
        }
        return b;
    }

    private byte[] once(byte[] b, boolean text) {
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        if (b.length == 0) {
            kind = Kind.INSERT;
        }
        switch (kind) {
            case BIT_FLIP: {
                int flips = 1 + random.nextInt(4);
                for (int i = 0; i < flips; i++) {
                    int at = random.nextInt(b.length);
                    b[at] ^= (byte) (1 << random.nextInt(8));
                }
                return b;
            }
            case TRUNCATE:
                return Arrays.copyOf(b, random.nextInt(b.length));
            case INSERT: {
                int at = random.nextInt(b.length + 1);
                int len = 1 + random.nextInt(8);
                byte[] out = new byte[b.length + len];
                System.arraycopy(b, 0, out, 0, at);
                for (int i = 0; i < len; i++) {
                    out[at + i] = (byte) random.nextInt(256);
                }
                System.arraycopy(b, at, out, at + len, b.length - at);
                return out;
            }
            case DELETE: {
                int at = random.nextInt(b.length);
                int len = Math.min(b.length - at, 1 + random.nextInt(16));
                byte[] out = new byte[b.length - len];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at + len, out, at, b.length - at - len);
                return out;
            }
            case NUMBER:
                return text ? textNumber(b) : binaryNumber(b);
            case DUPLICATE:
            default:
                return text ? duplicateLine(b) : duplicateBlock(b);
        }
    }

    private byte[] textNumber(byte[] b) {
        String s = new String(b, StandardCharsets.ISO_8859_1);
        Matcher m = NUMBER.matcher(s);
        List<int[]> spans = new ArrayList<>();
        while (m.find() && spans.size() < 100_000) {
            spans.add(new int[] { m.start(), m.end() });
        }
        if (spans.isEmpty()) {
            return binaryNumber(b);
        }
        int[] span = spans.get(random.nextInt(spans.size()));
        String replacement = TEXT_NUMBERS[random.nextInt(TEXT_NUMBERS.length)];
        return (s.substring(0, span[0]) + replacement + s.substring(span[1])).getBytes(StandardCharsets.ISO_8859_1);
    }

    private byte[] binaryNumber(byte[] b) {
        long v = BINARY_NUMBERS[random.nextInt(BINARY_NUMBERS.length)];
        boolean wide = random.nextBoolean() && b.length >= 8;
        int width = wide ? 8 : 4;
        if (b.length < width) {
            return b;
        }
        // aligned fields are where headers keep their counts and offsets
        int at = random.nextInt(b.length - width + 1) & ~(width - 1);
        ByteBuffer buf = ByteBuffer.wrap(b).order(random.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        if (wide) {
            buf.putLong(at, v);
        } else {
            buf.putInt(at, (int) v);
        }
        return b;
    }

    private byte[] duplicateLine(byte[] b) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < b.length && starts.size() < 1_000_000; i++) {
            if (b[i] == '\n' && i + 1 < b.length) {
                starts.add(i + 1);
            }
        }
        int line = random.nextInt(starts.size());
        int from = starts.get(line);
        int to = line + 1 < starts.size() ? starts.get(line + 1) : b.length;
        int times = 1 + random.nextInt(3);
        byte[] out = new byte[b.length + (to - from) * times];
        System.arraycopy(b, 0, out, 0, to);
        for (int t = 0; t < times; t++) {
            System.arraycopy(b, from, out, to + t * (to - from), to - from);
        }
        System.arraycopy(b, to, out, to + times * (to - from), b.length - to);
        return out;
    }

    private byte[] duplicateBlock(byte[] b) {
        int len = Math.min(b.length, 1 + random.nextInt(64));
        int from = random.nextInt(b.length - len + 1);
        int at = random.nextInt(b.length + 1);
        byte[] out = new byte[b.length + len];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(b, from, out, at, len);
        System.arraycopy(b, at, out, at + len, b.length - at);
        return out;
    }
}
