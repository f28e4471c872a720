package org.clothgraph.explore;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.clothgraph.model.Project;

/**
 * Exploration figures read from a project (the source of {@code stats --json} and of the log): live states,
 * queue, quarantined dead ends, the worst and median plain L-infinity error (metres) over queued same-class
 * merges of simulated dead ends (a primary edge added after exploration has no simulated dead end and no error
 * yet), and the number of cross-class merges.
 */
public record ExplorationStats(long liveStates, long queue, long quarantined, double worstError, double medianError,
        long crossClassMerges) {

    public static ExplorationStats of(Project project) {
        return project.read(c -> {
            try (Statement s = c.createStatement()) {
                long live = one(s, "SELECT COUNT(*) FROM cloth_state WHERE status = 'live'");
                long queue = one(s, "SELECT COUNT(*) FROM merge_record WHERE queued = 1");
                long quarantined = one(s, "SELECT COUNT(*) FROM merge_record WHERE quarantine IS NOT NULL");
                long cross = one(s, "SELECT COUNT(*) FROM merge_record WHERE cross_class = 1");
                List<Double> errors = new ArrayList<>();
                try (ResultSet r = s.executeQuery("SELECT plain_error FROM merge_record WHERE queued = 1 AND cross_class = 0"
                        + " AND dead_end_state IS NOT NULL ORDER BY plain_error")) {
                    while (r.next()) {
                        errors.add(r.getDouble(1));
                    }
                }
                double worst = errors.isEmpty() ? 0 : errors.get(errors.size() - 1);
                double median = errors.isEmpty() ? 0 : errors.size() % 2 == 1 ? errors.get(errors.size() / 2)
                        : (errors.get(errors.size() / 2 - 1) + errors.get(errors.size() / 2)) / 2;
                return new ExplorationStats(live, queue, quarantined, worst, median, cross);
            }
        });
    }

    /** The worst plain same-class merge error in millimetres. */
    public static double worstErrorMm(Project project) {
        return of(project).worstError() * 1000;
    }

    private static long one(Statement s, String sql) throws SQLException {
        try (ResultSet r = s.executeQuery(sql)) {
            return r.next() ? r.getLong(1) : 0;
        }
    }
}
