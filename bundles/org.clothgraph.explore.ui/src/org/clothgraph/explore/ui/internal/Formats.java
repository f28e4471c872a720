package org.clothgraph.explore.ui.internal;

import java.util.Locale;

/** How the view writes numbers: one place, so tests compare with what the view shows. */
final class Formats {
    private Formats() {
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String mm(double millimetres) {
        return String.format(Locale.ROOT, "%.1f mm", millimetres);
    }

    /** A plain number of millimetres for table cells (the column says the unit). */
    static String mmCell(double millimetres) {
        return String.format(Locale.ROOT, "%.1f", millimetres);
    }

    static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%.1f", perSecond);
    }

    static String seconds(double s) {
        if (s < 120) {
            return String.format(Locale.ROOT, "%.1f s", s);
        }
        long t = Math.round(s);
        return t < 3600 ? String.format(Locale.ROOT, "%d min %02d s", t / 60, t % 60)
                : String.format(Locale.ROOT, "%d h %02d min", t / 3600, (t % 3600) / 60);
    }

    /** "hood=UP" -> "hood up"; several classes joined by ", ". */
    static String classes(String classes) {
        if (classes == null || classes.isEmpty() || classes.equals("(none)")) {
            return "unclassified";
        }
        return classes.replace('=', ' ').replace(";", ", ").toLowerCase(Locale.ROOT);
    }
}
