package org.clothgraph.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * {@link Workers#forRange} and {@link Workers#forChunks} cut a range into contiguous chunks: every index is run once,
 * per-chunk buffers merged in chunk order give the range in order on one thread and on two, and a failure in a chunk
 * reaches the caller.
 */
class WorkersTest {

    private interface Split {
        void run(Workers w, int n, int min, Workers.RangeTask task);
    }

    private static List<Integer> merged(Workers w, int n, int min, Split split, int[] chunksUsed) {
        List<List<Integer>> chunks = new ArrayList<>();
        for (int c = 0; c < w.maxChunks(); c++) {
            chunks.add(new ArrayList<>());
        }
        split.run(w, n, min, (chunk, from, to) -> {
            List<Integer> out = chunks.get(chunk);
            synchronized (out) {
                for (int i = from; i < to; i++) {
                    out.add(i);
                }
            }
        });
        chunksUsed[0] = (int) chunks.stream().filter(c -> !c.isEmpty()).count();
        return chunks.stream().flatMap(List::stream).toList();
    }

    @Test
    void everyIndexOnceInChunkOrderWhateverTheThreadCount() {
        Split range = Workers::forRange, chunked = Workers::forChunks;
        int[] used = new int[1];
        try (Workers one = new Workers(1); Workers two = new Workers(2)) {
            for (int n : new int[] { 0, 1, 7, 4095, 4096, 28_851, 100_000 }) {
                List<Integer> expected = IntStream.range(0, n).boxed().toList();
                for (Split s : new Split[] { range, chunked }) {
                    assertEquals(expected, merged(one, n, 2048, s, used), n + " on one thread");
                    assertEquals(expected, merged(two, n, 2048, s, used), n + " on two");
                }
            }
            merged(two, 100_000, 2048, chunked, used);
            assertEquals(two.maxChunks(), used[0], "forChunks cuts a large range into the most chunks");
            merged(two, 100_000, 2048, range, used);
            assertEquals(2, used[0], "forRange into one chunk per thread");
            merged(two, 4095, 2048, chunked, used);
            assertEquals(1, used[0], "below twice the minimum: one chunk");
            merged(two, 5, 1, chunked, used);
            assertEquals(5, used[0], "never more chunks than items");
            assertEquals(1, one.maxChunks());
        }
    }

    @Test
    void aFailureInAChunkReachesTheCaller() {
        try (Workers two = new Workers(2)) {
            for (int failing : new int[] { 0, 5 }) {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> two.forChunks(100_000, 2048,
                        (chunk, from, to) -> {
                            if (chunk == failing) {
                                throw new IllegalStateException("chunk " + failing);
                            }
                        }));
                assertEquals("chunk " + failing, e.getMessage());
            }
        }
    }
}
