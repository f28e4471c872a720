package org.clothgraph.model.frames;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.clothgraph.model.Secondary;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonParseException;

/**
 * Everything stored in a project that refers to frames of the store: cloth states (live or merged away), the
 * inner frames of blended transitions, staged initialisation branches and simulation run reports. A frame no one
 * of them names, and no unit of work in flight has claimed ({@link FrameStore.Work}), is an orphan.
 * <p>
 * Run ranges are kept as ranges and never expanded, so a damaged report naming frames 1..2^60 costs nothing.
 */
public final class FrameReferences {
    /** Setting scope of simulation run reports (JSON with {@code firstFrameId}, {@code lastFrameId}, {@code frames}). */
    public static final String RUNS_SCOPE = "runs";

    /** A run report's frames. */
    public record RunFrames(String runId, long first, long last, long frames) {
    }

    private final long[] ids;
    private final long[][] ranges;
    private final List<RunFrames> runs;
    private final List<String> problems;

    private FrameReferences(long[] ids, long[][] ranges, List<RunFrames> runs, List<String> problems) {
        this.ids = ids;
        this.ranges = ranges;
        this.runs = runs;
        this.problems = problems;
    }

    /** Reads every reference in the caller's transaction. */
    public static FrameReferences read(Connection c) throws SQLException {
        LongList ids = new LongList();
        List<String> problems = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT frame_id FROM cloth_state")) {
                while (r.next()) {
                    ids.add(r.getLong(1));
                }
            }
            try (ResultSet r = s.executeQuery("SELECT id, inner_frames FROM cloth_transition WHERE inner_frames IS NOT NULL")) {
                while (r.next()) {
                    byte[] b = r.getBytes(2);
                    if (b.length % Long.BYTES != 0) {
                        problems.add("cloth transition " + r.getLong(1) + ": inner_frames has " + b.length
                                + " bytes, not a whole number of frame ids");
                        continue;
                    }
                    for (long f : Secondary.longs(b)) {
                        ids.add(f);
                    }
                }
            }
            try (ResultSet r = s.executeQuery("SELECT id, record FROM init_branch")) {
                while (r.next()) {
                    String where = "staged initialisation branch " + r.getLong(1);
                    long[] frames = branchFrames(r.getString(2));
                    if (frames == null) {
                        problems.add(where + ": its record is not readable (field frames or startFrame)");
                    } else {
                        for (long f : frames) {
                            ids.add(f);
                        }
                    }
                }
            }
        }
        List<RunFrames> runs = new ArrayList<>();
        try (java.sql.PreparedStatement p = c.prepareStatement("SELECT key, value FROM setting WHERE scope = ? ORDER BY key")) {
            p.setString(1, RUNS_SCOPE);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    String run = r.getString(1);
                    try {
                        JsonObject o = JsonParser.parseString(r.getString(2)).getAsJsonObject();
                        runs.add(new RunFrames(run, o.get("firstFrameId").getAsLong(), o.get("lastFrameId").getAsLong(),
                                o.get("frames").getAsLong()));
                    } catch (JsonParseException | IllegalStateException | UnsupportedOperationException
                            | NumberFormatException | NullPointerException e) {
                        problems.add("run " + run + ": its report is not readable (field firstFrameId, lastFrameId or"
                                + " frames: " + e.getMessage() + ")");
                    }
                }
            }
        }
        long[] sorted = ids.sortedDistinct();
        List<long[]> rs = new ArrayList<>();
        for (RunFrames run : runs) {
            if (run.first() <= run.last()) {
                rs.add(new long[] { run.first(), run.last() });
            }
        }
        rs.sort((a, b) -> Long.compare(a[0], b[0]));
        List<long[]> merged = new ArrayList<>();
        for (long[] r : rs) {
            long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r[0] <= last[1] + 1) {
                last[1] = Math.max(last[1], r[1]);
            } else {
                merged.add(new long[] { r[0], r[1] });
            }
        }
        return new FrameReferences(sorted, merged.toArray(new long[0][]), List.copyOf(runs), List.copyOf(problems));
    }

    /**
     * The frames a staged initialisation branch names (field {@code frames}, and {@code startFrame} when it was
     * simulated again from a fresh drape); null when the record cannot be read.
     */
    public static long[] branchFrames(String record) {
        try {
            JsonObject o = JsonParser.parseString(record).getAsJsonObject();
            LongList ids = new LongList();
            JsonElement frames = o.get("frames");
            if (frames != null && frames.isJsonArray()) {
                for (JsonElement e : frames.getAsJsonArray()) {
                    ids.add(e.getAsLong());
                }
            }
            if (o.has("startFrame") && o.get("startFrame").getAsLong() > 0) {
                ids.add(o.get("startFrame").getAsLong());
            }
            return ids.sortedDistinct();
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException | NumberFormatException
                | NullPointerException e) {
            return null;
        }
    }

    /** True when something stored names frame {@code id}. */
    public boolean referenced(long id) {
        if (Arrays.binarySearch(ids, id) >= 0) {
            return true;
        }
        int lo = 0;
        int hi = ranges.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (ranges[mid][1] < id) {
                lo = mid + 1;
            } else if (ranges[mid][0] > id) {
                hi = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** The frames each stored run report names. */
    public List<RunFrames> runs() {
        return runs;
    }

    /** References that could not be read (each one line naming its record); their frames count as unreferenced. */
    public List<String> problems() {
        return problems;
    }

    /** A growable list of longs (frame ids), without boxing. */
    static final class LongList {
        private long[] a = new long[64];
        private int n;

        void add(long v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        int size() {
            return n;
        }

        long get(int i) {
            return a[i];
        }

        long[] sortedDistinct() {
            long[] s = Arrays.copyOf(a, n);
            Arrays.sort(s);
            int k = 0;
            for (int i = 0; i < s.length; i++) {
                if (k == 0 || s[i] != s[k - 1]) {
                    s[k++] = s[i];
                }
            }
            return Arrays.copyOf(s, k);
        }
    }
}
