package org.clothgraph.model;

import java.util.List;

/**
 * Result of checking every invariant of a stored project; clean when there are no violations. Besides violations
 * (broken invariants) it lists what is reclaimable: orphan frames and segment bytes nobody can reach, which are not
 * damage but must not go unsaid ({@code clothgraph gc} collects them).
 */
public record CheckReport(List<Violation> violations, List<String> checked, List<Reclaimable> reclaimable) {
    public CheckReport {
        violations = List.copyOf(violations);
        checked = List.copyOf(checked);
        reclaimable = List.copyOf(reclaimable);
    }

    public boolean clean() {
        return violations.isEmpty();
    }

    /** Bytes that {@code gc} would reclaim. */
    public long reclaimableBytes() {
        return reclaimable.stream().mapToLong(Reclaimable::bytes).sum();
    }

    /** One broken invariant: where (table row, file) and what. */
    public record Violation(String where, String what) {
        @Override
        public String toString() {
            return where + ": " + what;
        }
    }

    /** Storage nothing refers to (orphan frames, unindexed segment bytes): where, what and how many bytes. */
    public record Reclaimable(String where, String what, long bytes) {
        @Override
        public String toString() {
            return where + ": " + what;
        }
    }
}
