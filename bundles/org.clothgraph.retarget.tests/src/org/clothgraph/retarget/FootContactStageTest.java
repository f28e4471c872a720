package org.clothgraph.retarget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.contact.FootContact;
import org.clothgraph.testing.SharedData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The foot-contact stage on real motion without a network (well under a second): CMU subject 02's walk 02_01 (2.9 s,
 * not one of the acceptance's held-out clips) with its rotations copied onto the child, whose feet then slide, is given
 * to the stage; the product's foot-slide measure and the ankles' travel in their contact frames (ClothGraph's contact
 * definition, computed here) must drop, the joint angles stay within 5 degrees of the source, the feet's heights and
 * so the ground penetration stay, and the result is about as smooth.
 */
class FootContactStageTest {
    private static Motion source;
    private static Motion copy;

    @BeforeAll
    static void read() {
        Path dir = SharedData.resolve("mocap/cmu-asfamc/02");
        source = Performer.read(List.of(dir.resolve("02.asf"), dir.resolve("02_01.amc")), 60, null).clips().get(0);
        copy = CopyRotations.retarget(source, CanonicalSkeleton.target("child"));
    }

    @Test
    void holdsTheFeetInTheirContactFramesAndKeepsTheRest() {
        Motion staged = FootContactStage.apply(copy, RetargetSettings.DEFAULT.contactEase());
        assertEquals(copy.frameCount(), staged.frameCount());
        assertTrue(staged.skeleton() == copy.skeleton());
        RetargetMeasures before = RetargetMeasures.of(copy, source, null), after = RetargetMeasures.of(staged, source, null);
        assertTrue(before.footSlideMm() > 50, "the copy slides: " + before);
        // the slide is the largest over the ankles and toes: the toes are held too (the foot turns about the ankle)
        assertTrue(after.footSlideMm() < 0.5 * before.footSlideMm(), "slide " + before.footSlideMm() + " -> " + after.footSlideMm());
        for (String side : List.of("Left", "Right")) {
            double b = ankleTravelInContactMm(copy, copy, side), a = ankleTravelInContactMm(staged, copy, side);
            assertTrue(b > 10 && a < 0.5 * b, side + " ankle's travel in contact " + b + " -> " + a + " mm");
        }
        assertTrue(after.angleDeviationDeg() > 0 && after.angleDeviationDeg() < 5, "angle " + after.angleDeviationDeg());
        assertEquals(before.penetrationMaxMm(), after.penetrationMaxMm(), 0.5);
        assertEquals(before.penetrationMeanMm(), after.penetrationMeanMm(), 0.05);
        assertTrue(after.jitterMm() < 1.1 * before.jitterMm(), "jitter " + before.jitterMm() + " -> " + after.jitterMm());
        // no frame moves a joint by more than the stage can explain: the upper body is untouched
        int head = copy.skeleton().indexOf("Head");
        for (int f = 0; f < copy.frameCount(); f += 7) {
            assertEquals(0, copy.worldPositions(f)[head].distance(staged.worldPositions(f)[head]), 1e-9);
        }
    }

    @Test
    void badSettingsAreRefusedWithOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RetargetSettings.DEFAULT.withContactStage(true, 0));
        assertEquals("contactEase must be 1 to 120 frames, got 0", e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertThrows(IllegalArgumentException.class, () -> RetargetSettings.DEFAULT.withContactStage(true, 121));
        assertThrows(IllegalArgumentException.class, () -> FootContactStage.apply(copy, 0));
        assertThrows(IllegalArgumentException.class, () -> FootContactStage.apply(copy, new boolean[3][4], 10));
        // the published variant: no stage, the decoded motion is the result
        assertFalse(RetargetSettings.FIRST_BUILD.contactStage());
        assertFalse(RetargetSettings.published(10, 0.01, 120).contactStage());
        assertTrue(RetargetSettings.DEFAULT.contactStage());
    }

    /** Summed horizontal travel of a side's ankle between consecutive frames in which contactsOf's foot is in contact. */
    private static double ankleTravelInContactMm(Motion m, Motion contactsOf, String side) {
        List<FootContact.Point> points = FootContact.points(contactsOf.skeleton());
        boolean[][] c = FootContact.contacts(points, contactsOf);
        int ankle = m.skeleton().indexOf(side + "Foot");
        double sum = 0;
        boolean was = false;
        Vec3 last = null;
        for (int f = 0; f < m.frameCount(); f++) {
            boolean in = false;
            for (int i = 0; i < points.size(); i++) in |= points.get(i).name().startsWith(side) && c[f][i];
            Vec3 a = m.worldPositions(f)[ankle];
            if (in && was) sum += Math.hypot(a.x() - last.x(), a.z() - last.z());
            was = in;
            last = a;
        }
        return sum * 1000;
    }
}
