package org.clothgraph.graphview;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What states are coloured by: a classifier's classes (hood state by default), the clip of their primary node, the
 * largest plain error of the merges leading into them, or their exploration round (age). Colours are 0xRRGGBB; the
 * legend names each colour.
 */
public final class Colouring {

    /** What to colour by. */
    public enum By {
        CLASS, CLIP, ERROR, AGE;

        public static By parse(String s) {
            return switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case "hood", "class" -> CLASS;
            case "clip" -> CLIP;
            case "error" -> ERROR;
            case "age", "round" -> AGE;
            default -> throw new IllegalArgumentException("colour by hood, clip, error or age, not '" + s + "'");
            };
        }
    }

    private static final int[] PALETTE = { 0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2,
            0x7f7f7f, 0xbcbd22, 0x17becf, 0x393b79, 0xad494a };
    private static final int NONE = 0x9a9a9a;

    private final int[] colours;
    private final Map<String, Integer> legend;

    private Colouring(int[] colours, Map<String, Integer> legend) {
        this.colours = colours;
        this.legend = legend;
    }

    public static Colouring of(SecondaryGraphSnapshot g, By by, String classifier) {
        int n = g.size();
        int[] c = new int[n];
        Map<String, Integer> legend = new LinkedHashMap<>();
        switch (by) {
        case CLASS -> {
            TreeSet<String> classes = new TreeSet<>();
            g.states().forEach(s -> classes.add(s.classOf(classifier)));
            List<String> names = new ArrayList<>(classes);
            names.remove("");
            for (int k = 0; k < names.size(); k++) {
                // a class keeps its colour in every project, whichever classes a graph has: DOWN orange, UP green
                // (the hood classifier's), other classes by sorted order after them
                String name = names.get(k);
                int colour = name.equals("DOWN") ? PALETTE[1] : name.equals("UP") ? PALETTE[2]
                        : PALETTE[(k + 3) % PALETTE.length];
                legend.put(classifier + "=" + name, colour);
            }
            if (classes.contains("")) {
                legend.put("(no class)", NONE);
            }
            for (int i = 0; i < n; i++) {
                String k = g.state(i).classOf(classifier);
                c[i] = k.isEmpty() ? NONE : legend.get(classifier + "=" + k);
            }
        }
        case CLIP -> {
            for (int i = 0; i < n; i++) {
                String name = g.clipName(g.state(i).clipId());
                Integer col = legend.get(name);
                if (col == null) {
                    col = PALETTE[legend.size() % PALETTE.length];
                    legend.put(name, col);
                }
                c[i] = col;
            }
        }
        case ERROR -> {
            double[] worst = new double[n];
            for (SecondaryGraphSnapshot.Edge e : g.edges()) {
                if (e.merged()) {
                    worst[e.to()] = Math.max(worst[e.to()], e.errorMm());
                }
            }
            double[] bounds = { 0, 10, 30, 100, 300 };
            String[] names = { "no merge into it", "merged in, < 10 mm", "10-30 mm", "30-100 mm", "100-300 mm",
                    ">= 300 mm" };
            int[] ramp = { 0xc8c8c8, 0x2ca02c, 0xbcbd22, 0xff7f0e, 0xd62728, 0x7b0c0c };
            for (int k = 0; k < names.length; k++) {
                legend.put(names[k], ramp[k]);
            }
            for (int i = 0; i < n; i++) {
                int k = 0;
                if (worst[i] > 0) {
                    k = 1;
                    while (k < bounds.length && worst[i] >= bounds[k]) {
                        k++;
                    }
                }
                c[i] = ramp[k];
            }
        }
        case AGE -> {
            int max = 0;
            for (SecondaryGraphSnapshot.State s : g.states()) {
                max = Math.max(max, s.round());
            }
            legend.put("round 0 (initialisation)", ramp(0));
            legend.put("round " + max + " (newest)", ramp(1));
            for (int i = 0; i < n; i++) {
                c[i] = ramp(max == 0 ? 0 : g.state(i).round() / (double) max);
            }
        }
        }
        return new Colouring(c, legend);
    }

    /** Dark blue (old) to yellow (new). */
    private static int ramp(double t) {
        int r = (int) (30 + 225 * t), gr = (int) (40 + 180 * t), b = (int) (140 - 110 * t);
        return (r << 16) | (gr << 8) | b;
    }

    public int colour(int state) {
        return colours[state];
    }

    /** Label and colour of every colour in use, in legend order. */
    public Map<String, Integer> legend() {
        return legend;
    }
}
