package org.clothgraph.motion.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.contact.FootContact;
import org.clothgraph.motion.contact.FootPlant;
import org.clothgraph.motion.contact.FootSlide;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.graph.MotionGraph;
import org.clothgraph.motion.graph.MotionGraph.Edge;
import org.clothgraph.motion.graph.MotionGraphBuilder;
import org.junit.jupiter.api.Test;

/** Foot contact, foot slide, and feet planted during blended transitions (issue 11). */
class FootContactTest {
    private static final Skeleton S = DemoCharacter.skeleton();

    /** The character standing in its rest pose, its root moved by (vx, vy, vz) metres per frame from (0, y0, 0). */
    private static Motion standing(int frames, double y0, double vx) {
        Motion.Builder b = new Motion.Builder("stand", S, 30, frames);
        for (int f = 0; f < frames; f++) {
            b.setRoot(f, new Vec3(vx * f, y0, 0));
            for (int j = 0; j < S.size(); j++) b.setRotation(f, j, Quat.IDENTITY);
        }
        return b.build();
    }

    @Test
    void contactIsLowAndSlow() {
        List<FootContact.Point> pts = FootContact.points(S);
        assertEquals(List.of("Left ankle", "Left toe", "Right ankle", "Right toe"), pts.stream().map(FootContact.Point::name).toList());
        double stand = S.offset(0).y();
        assertTrue(all(FootContact.contacts(pts, standing(10, stand, 0)), true), "standing still");
        assertTrue(all(FootContact.contacts(pts, standing(10, stand + 0.06, 0)), false), "6 cm up");
        assertTrue(all(FootContact.contacts(pts, standing(10, stand + 0.02, 0)), true), "2 cm up");
        assertTrue(all(FootContact.contacts(pts, standing(10, stand, 0.25 / 30)), false), "0.25 m/s");
        assertTrue(all(FootContact.contacts(pts, standing(10, stand, 0.15 / 30)), true), "0.15 m/s");
    }

    @Test
    void slideIsHorizontalTravelInContact() {
        List<FootContact.Point> pts = FootContact.points(S);
        Motion drag = standing(31, S.offset(0).y(), 0.15 / 30);
        assertEquals(30 * 5.0, FootSlide.slideMm(pts, FootContact.positions(pts, drag), 30), 1e-6);
        Motion run = standing(31, S.offset(0).y(), 0.5 / 30);
        assertEquals(0, FootSlide.slideMm(pts, FootContact.positions(pts, run), 30), 0, "too fast to be in contact");
    }

    @Test
    void plantingHoldsTheAnkleWhereTheFootStood() {
        // a blend whose root drifts 3 cm while the left foot is in contact throughout except the last frame
        int k = 10;
        Motion blend = standing(k, S.offset(0).y(), 0.003);
        boolean[][] src = new boolean[k][4], tgt = new boolean[k][4];
        for (int p = 0; p < k - 1; p++) src[p][0] = true;
        int ankle = S.indexOf("LeftFoot");
        Vec3 before = blend.worldPositions(0)[ankle];
        Motion planted = FootPlant.enforce(blend, src, tgt, new boolean[] {true, false, false, false}, new Vec3[] {before, Vec3.ZERO});
        for (int p = 0; p < k - 1; p++) {
            Vec3 a = planted.worldPositions(p)[ankle];
            // within 10 micrometres: the rest pose's leg is straight, so the reach is clamped just short of full length
            assertEquals(before.x(), a.x(), 1e-5, "frame " + p);
            assertEquals(before.z(), a.z(), 1e-5, "frame " + p);
            // bones keep their lengths, the foot its world orientation
            Vec3[] w = planted.worldPositions(p);
            assertEquals(DemoCharacter.SHIN, w[ankle].distance(w[S.indexOf("LeftLeg")]), 1e-9);
            assertTrue(planted.worldRotations(p)[ankle].angleTo(blend.worldRotations(p)[ankle]) < 1e-9);
        }
        assertArrayEquals(blend.worldPositions(k - 1), planted.worldPositions(k - 1), "the unconstrained last frame is untouched");
    }

    /** Foot slide of every transition of a graph, sorted. */
    static double[] slides(MotionGraph g) {
        return g.transitions().stream().mapToDouble(g::footSlideMm).sorted().toArray();
    }

    /** The same transitions blended without foot constraints, sorted. */
    static double[] plainSlides(MotionGraph g) {
        int k = g.window();
        return g.transitions().stream().mapToDouble(e -> plainSlide(g, e, k)).sorted().toArray();
    }

    private static double plainSlide(MotionGraph g, Edge e, int k) {
        Motion a = g.clips().get(e.from().clip()), b = g.clips().get(e.to().clip());
        Motion plain = MotionGraphBuilder.plainBlend(a, e.from().frame() + 1, b, e.to().frame() - k + 1, k, e.alignment(), "plain");
        return FootSlide.transitionMm(a, e.from().frame(), plain, b, e.to().frame(), e.alignment()::apply);
    }

    @Test
    void theDemoGraphsFeetDoNotSkate() throws Exception {
        MotionGraph g = MotionGraphTest.DEMO;
        double[] planted = slides(g), plain = plainSlides(g);
        String line = String.format(Locale.ROOT, "demo graph, %d transitions: foot slide median %.1f mm, max %.1f mm"
                + " (the same blends without foot constraints: median %.1f mm, max %.1f mm)%n", planted.length,
                planted[planted.length / 2], planted[planted.length - 1], plain[plain.length / 2], plain[plain.length - 1]);
        System.out.print(line);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/foot-slide.txt"), line, StandardCharsets.UTF_8);
        assertTrue(planted[planted.length - 1] < 20, line);
        assertTrue(planted[planted.length / 2] <= plain[plain.length / 2], line);
        assertTrue(Arrays.stream(planted).sum() < Arrays.stream(plain).sum(), line);
    }

    private static boolean all(boolean[][] c, boolean value) {
        for (boolean[] r : c) for (boolean v : r) if (v != value) return false;
        return true;
    }
}
