package org.clothgraph.retarget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;

class DjlTest {
    @Test
    void pytorchEngineRunsInsideOsgiOffline() {
        assertTrue(Djl.describe().startsWith("PyTorch"), Djl.describe());
        float v = Djl.call(() -> {
            try (NDManager m = Djl.engine().newBaseManager()) {
                NDArray a = m.create(new float[] {1, 2, 3});
                return a.mul(a).sum().getFloat();
            }
        });
        assertEquals(14f, v, 1e-6);
    }
}
