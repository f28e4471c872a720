package org.clothgraph.model;

import java.util.List;

/** Result of checking every invariant of a stored project; clean when there are no violations. */
public record CheckReport(List<Violation> violations, List<String> checked) {
    public CheckReport {
        violations = List.copyOf(violations);
        checked = List.copyOf(checked);
    }

    public boolean clean() {
        return violations.isEmpty();
    }

    /** One broken invariant: where (table row, file) and what. */
    public record Violation(String where, String what) {
        @Override
        public String toString() {
            return where + ": " + what;
        }
    }
}
