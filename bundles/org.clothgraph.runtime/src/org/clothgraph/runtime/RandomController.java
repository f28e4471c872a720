package org.clothgraph.runtime;

import java.util.SplittableRandom;

/** A seeded random walk of the primary graph: uniform among the current choices, reproducible. */
public final class RandomController implements Controller {
    private final SplittableRandom random;

    public RandomController(long seed) {
        random = new SplittableRandom(seed);
    }

    @Override
    public int choose(Player player) {
        int n = player.choices().size();
        return n <= 1 ? 0 : random.nextInt(n);
    }
}
