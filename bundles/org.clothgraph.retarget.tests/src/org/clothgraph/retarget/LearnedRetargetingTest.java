package org.clothgraph.retarget;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.testing.SharedData;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The method end to end on real data at a toy size (seconds): CMU subject 02's short walk and run, a network of a few
 * thousand weights over 30-frame windows, a couple of hundred steps; the acceptance numbers come from the CLI.
 */
class LearnedRetargetingTest {
    private static Performer performer;
    private static RetargetModel model;
    private static final TrainingSettings TOY = new TrainingSettings(30, 60, 10, 16, 8, 8, 3e-3, 150, 5, 7,
            TrainingSettings.Initial.FIRST_FRAME);

    @BeforeAll
    static void train() {
        Path dir = SharedData.resolve("mocap/cmu-asfamc/02");
        performer = Performer.read(List.of(dir.resolve("02.asf"), dir.resolve("02_01.amc"), dir.resolve("02_03.amc")), 60, null);
        model = AutoencoderTraining.train(List.of(performer.clips().get(0)), List.of(performer.clips().get(1)), TOY, null,
                new NullProgressMonitor());
    }

    @Test
    void performerIsOnTheCanonicalSkeletonStandingOnTheFloor() {
        assertTrue(CanonicalSkeleton.isCanonical(performer.skeleton()));
        assertEquals(60, performer.clips().get(0).fps(), 1e-9);
        assertTrue(Math.abs(performer.floorOffset()) < 0.2, "floor offset " + performer.floorOffset());
        // the calibrated floor: the walk's lowest foot point is near y = 0, not floating or sunk
        RetargetMeasures m = RetargetMeasures.of(performer.clips().get(0), performer.clips().get(0), null);
        assertTrue(m.penetrationMaxMm() < 80, "penetration " + m.penetrationMaxMm());
    }

    @Test
    void trainingReducesTheReconstructionLossAndRecordsItself() {
        List<RetargetModel.LossPoint> curve = model.record().lossCurve();
        assertTrue(curve.size() >= 10);
        assertTrue(curve.get(curve.size() - 1).trainLoss() < 0.7 * curve.get(0).trainLoss(), "loss curve " + curve);
        assertEquals(TOY, model.record().settings());
        assertEquals(150, model.record().stepsMade());
        assertEquals(List.of("02_03"), model.record().heldOutClips());
        assertTrue(Double.isFinite(model.record().heldOutAngleDeg()));
    }

    @Test
    void modelFileRoundTripsAndRefusesDamage(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("m.cgrm");
        model.save(f);
        RetargetModel back = RetargetModel.load(f);
        assertEquals(model.record().settings(), back.record().settings());
        for (String k : model.network().weights().keySet()) {
            assertArrayEquals(model.network().weights().get(k), back.network().weights().get(k), k);
        }
        byte[] bytes = Files.readAllBytes(f);
        Files.write(f, java.util.Arrays.copyOf(bytes, bytes.length - 100));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> RetargetModel.load(f));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        Files.writeString(f, "hello");
        assertThrows(InvalidInputException.class, () -> RetargetModel.load(f));
    }

    @Test
    void latentOptimisationLowersTheContactLossOnShorterLegs() {
        Skeleton child = CanonicalSkeleton.targets().get("child");
        Motion src = performer.clips().get(1);
        RetargetSettings s = RetargetSettings.published(40, 0.05, 20);
        LatentRetargeting.Result r = LatentRetargeting.retarget(model, src, child, s, new NullProgressMonitor());
        assertEquals(src.frameCount(), r.motion().frameCount());
        assertTrue(r.motion().skeleton() == child);
        assertEquals(40, r.iterations());
        double before = 0.3 * r.angleLossStart() + 0.5 * r.footLossStart(), after = 0.3 * r.angleLoss() + 0.5 * r.footLoss();
        assertTrue(after < before, "loss " + before + " -> " + after);
        RetargetMeasures m = RetargetMeasures.of(r.motion(), src, null);
        assertTrue(Double.isFinite(m.jitterMm()) && m.angleDeviationDeg() < 90, m.toString());
    }

    @Test
    void splineCodesWithTheSmoothnessTermLowerTheObjective() {
        Skeleton legs = CanonicalSkeleton.targets().get("legs-20");
        Motion src = performer.clips().get(1);
        // the toy model's windows are 30 frames: windows every 15 overlap and are joined by overlap-add
        RetargetSettings s = RetargetSettings.DEFAULT.withIterations(30).withThreshold(0).withStride(15);
        LatentRetargeting.Result r = LatentRetargeting.retarget(model, src, legs, s, new NullProgressMonitor());
        assertEquals(src.frameCount(), r.motion().frameCount());
        double before = 0.3 * r.angleLossStart() + 0.5 * r.footLossStart() + 1e-4 * r.smoothLossStart();
        double after = 0.3 * r.angleLoss() + 0.5 * r.footLoss() + 1e-4 * r.smoothLoss();
        assertTrue(after < before, "loss " + before + " -> " + after);
        assertTrue(r.bestIteration() <= r.iterations());
        // the default's foot-contact stage: the result is the decoded motion with its feet held, no more sliding
        assertTrue(s.contactStage() && r.decoded() != r.motion());
        assertEquals(r.decoded().frameCount(), r.motion().frameCount());
        assertTrue(FootContactMeasure.slideMm(r.motion()) <= FootContactMeasure.slideMm(r.decoded()) + 1e-9);
    }

    @Test
    void overlapAddWeighsEachFrameToOneAndFadesWindowsInAndOut() {
        int tf = 8, n = 20;
        List<Integer> starts = List.of(0, 4, 8, 12);
        LatentRetargeting.Join j = LatentRetargeting.overlapAdd(starts, n, tf);
        assertEquals(2, j.layers());
        double[][] w = new double[n][starts.size() * tf];
        for (int k = 0; k < j.layers(); k++) {
            for (int g = 0; g < n; g++) w[g][(int) j.index()[k * n + g]] += j.weight()[k * n + g];
        }
        for (int g = 0; g < n; g++) {
            double sum = 0;
            for (int c = 0; c < w[g].length; c++) {
                sum += w[g][c];
                // a frame takes only windows' frames at the same clip frame
                if (w[g][c] != 0) assertEquals(g, starts.get(c / tf) + c % tf);
            }
            assertEquals(1, sum, 1e-6, "frame " + g);
        }
        // inside the clip two windows cover each frame and their Hann weights sum to one already: frame 6 is frame 6 of
        // window 0 (fading out) and frame 2 of window 1 (fading in)
        assertEquals(Math.pow(Math.sin(Math.PI * 6.5 / tf), 2), w[6][6], 1e-6);
        assertEquals(Math.pow(Math.sin(Math.PI * 2.5 / tf), 2), w[6][tf + 2], 1e-6);
        // frame 4 is near the middle of window 0 and the first frame of window 1, which hardly counts yet
        assertTrue(w[4][4] > 0.9 && w[4][tf] < 0.1);
        // the clip's first frames have one window only
        assertEquals(1, w[0][0], 1e-6);
        // windows that do not overlap: each frame is its one window's frame
        LatentRetargeting.Join one = LatentRetargeting.overlapAdd(List.of(0, 8), 16, tf);
        assertEquals(1, one.layers());
        for (int g = 0; g < 16; g++) {
            assertEquals(g, one.index()[g]);
            assertEquals(1, one.weight()[g], 1e-6);
        }
    }

    @Test
    void codesAlreadyOnTheSplineAreKeptByTheProjection() {
        // codes that are a cubic polynomial in time lie in the span of the uniform cubic B-spline: the least-squares
        // projection returns them unchanged; a code that alternates frame by frame is flattened
        int tf = 30;
        float[] basis = LatentRetargeting.splineBasis(tf, 4);
        int keys = basis.length / tf;
        // the basis sums to one at every frame (a partition of unity)
        for (int f = 0; f < tf; f++) {
            double sum = 0;
            for (int k = 0; k < keys; k++) sum += basis[f * keys + k];
            assertEquals(1, sum, 1e-5);
        }
        float[] z = new float[tf * 2];
        for (int f = 0; f < tf; f++) {
            double x = f / (double) tf;
            z[f * 2] = (float) (0.3 - x + 2 * x * x * x);
            z[f * 2 + 1] = f % 2 == 0 ? 1 : -1;
        }
        float[] p = z.clone();
        LatentRetargeting.projectOntoBasis(p, basis, tf, keys, 1, 2);
        double alternating = 0;
        for (int f = 0; f < tf; f++) {
            assertEquals(z[f * 2], p[f * 2], 1e-3, "frame " + f);
            alternating += Math.abs(p[f * 2 + 1]);
        }
        assertTrue(alternating / tf < 0.2, "alternating code kept at " + alternating / tf);
    }

    @Test
    void cancelledRetargetingStops() {
        NullProgressMonitor cancelled = new NullProgressMonitor();
        cancelled.setCanceled(true);
        assertThrows(OperationCanceledException.class, () -> LatentRetargeting.retarget(model, performer.clips().get(1),
                CanonicalSkeleton.targets().get("demo"), RetargetSettings.DEFAULT, cancelled));
        assertThrows(OperationCanceledException.class, () -> AutoencoderTraining.train(performer.clips(), List.of(), TOY,
                null, cancelled));
    }
}
