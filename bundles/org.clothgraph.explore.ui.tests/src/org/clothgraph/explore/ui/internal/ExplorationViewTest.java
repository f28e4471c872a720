package org.clothgraph.explore.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.explore.ExplorationSettings;
import org.clothgraph.explore.ExplorationStats;
import org.clothgraph.explore.Explorer;
import org.clothgraph.explore.slurm.ExplorationBackend;
import org.clothgraph.explore.slurm.SlurmSettings;
import org.clothgraph.explore.slurm.internal.NodeMain;
import org.clothgraph.explore.ui.ExploreUi;
import org.clothgraph.explore.ui.internal.ExplorationRunner.State;
import org.clothgraph.model.CheckReport;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectSummary;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.testing.JavaLauncher;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.SlurmCluster;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Exploration view on a small demo project: Start initialises and grows the secondary graph, Pause stops after
 * the round in flight, Resume continues, the counters and plots show the project's figures, a queued dead end shows
 * with its merge target, and Stop leaves a consistent project; with the Slurm backend it shows the pilot jobs and
 * units and cancels them.
 */
class ExplorationViewTest {
    private static final long RUN_TIMEOUT = 240_000;
    private static final Pattern SIMULATING = Pattern.compile("\\((\\d+) simulating\\)");

    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();
    private int mostUnitsRunning;
    private long longestUiGapNanos;
    private long lastSample;
    private boolean sawRunningJob;
    private boolean sawUnitDone;

    @AfterEach
    void close() {
        Job.getJobManager().cancel(Explorer.FAMILY);
        UiWait.joinFamily(Explorer.FAMILY, 120_000);
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void exploresPausesResumesAndShowsAQueuedDeadEnd() throws Exception {
        Project project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(0), null);
        workbench.getService(ProjectSession.class).set(project);
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setSize(1280, 800);
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        ExplorationView view = (ExplorationView) page.showView(ExploreUi.EXPLORATION_VIEW_ID);
        UiWait.until("the view to offer Start", 60_000, () -> view.actions().start.isEnabled());
        assertEquals(0, count(view, CountersPanel.STATES), "the small demo is not explored yet");

        view.settingsBar().setWorkers(2);
        // a new graph's start clip is chosen here, the clips offered in their order, and fixed once it has begun
        UiWait.until("the start clip to be offered", 30_000, () -> view.settingsBar().startClipEditable());
        List<String> clipNames = project.clips().stream().filter(c -> !c.excluded()).map(c -> c.name()).toList();
        assertEquals(clipNames, List.of(view.settingsBar().startClipChoices()));
        String start = clipNames.get(1);
        view.settingsBar().chooseStartClip(start);
        view.actions().start.run();
        assertEquals(State.RUNNING, view.runner().state());
        lastSample = System.nanoTime();
        UiWait.until("the initialisation and a first round to commit", RUN_TIMEOUT,
                () -> sampleUnits(view) && count(view, CountersPanel.STATES) > 0 && count(view, CountersPanel.ROUND) >= 1);

        pauseAndWait(view);
        assertEquals(start, ExplorationSettings.of(project).startClip(), "the chosen start clip is stored");
        UiWait.until("the start clip to be fixed, showing the stored one", 30_000,
                () -> !view.settingsBar().startClipEditable() && view.settingsBar().startClipShown().equals(start));
        ExplorationStats paused = ExplorationStats.of(project);
        ProjectSummary summary = project.summary();
        UiWait.until("the counters to show the paused project", 30_000,
                () -> view.counters().text(CountersPanel.STATES).equals(Formats.count(paused.liveStates()))
                        && view.counters().text(CountersPanel.QUEUE).equals(Formats.count(summary.queuedMerges())));
        UiWait.settle(1500);
        assertEquals(paused, ExplorationStats.of(project), "nothing is explored while paused");
        assertEquals(0, Job.getJobManager().find(Explorer.FAMILY).length, UiWait.jobList());
        assertCountersShow(view, paused);

        view.actions().resume.run();
        assertEquals(State.RUNNING, view.runner().state());
        lastSample = System.nanoTime();
        UiWait.until("more states after resuming", RUN_TIMEOUT,
                () -> sampleUnits(view) && count(view, CountersPanel.STATES) > paused.liveStates());
        pauseAndWait(view);
        assertTrue(mostUnitsRunning >= 1 && mostUnitsRunning <= 2, "expansions simulating at once with 2 workers, as the view counts them: "
                + mostUnitsRunning);
        assertTrue(longestUiGapNanos < 2_000_000_000L, "the UI thread stalled for " + longestUiGapNanos / 1e6
                + " ms while exploring");
        ExplorationStats resumed = ExplorationStats.of(project);
        UiWait.until("the counters to catch up", 30_000,
                () -> view.counters().text(CountersPanel.STATES).equals(Formats.count(resumed.liveStates())));
        assertCountersShow(view, resumed);

        double[] xs = view.errorChart().xSeries();
        double[] ys = view.errorChart().ySeries();
        assertTrue(xs.length >= 2, "one point per committed round: " + Arrays.toString(xs));
        assertEquals(xs.length, ys.length);
        assertEquals(project.secondary().log().size(), xs.length);
        assertTrue(ys[ys.length - 1] > 0, "the worst merge error is positive");
        assertTrue(view.classChart().bars().stream().mapToLong(BarChart.Bar::value).sum() == resumed.liveStates(),
                String.valueOf(view.classChart().bars()));

        long worst = project.secondary().worstQueued(1).get(0).id();
        long rows = Math.min(ExplorationLoader.QUEUE_ROWS, resumed.queue() + resumed.quarantined());
        UiWait.until("the queue to show the paused project, worst dead end first", 30_000,
                () -> view.queue().rows().size() == rows && view.queue().rows().get(0).merge().id() == worst);
        QueueRow first = view.queue().rows().get(0);
        ClothStateRecord deadEnd = project.secondary().state(first.merge().deadEndState());
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        PrimaryNode node = snapshot.node(deadEnd.primaryNode());
        String clipFrame = snapshot.clip(node.clipId()).name() + ":" + node.frame();
        assertEquals(clipFrame, first.clipFrame());
        view.queue().select(first);
        UiWait.until("the dead end to show", 60_000, () -> view.detail().shown() != null
                && view.detail().shown().row().merge().id() == first.merge().id());
        String detail = view.detail().text();
        assertTrue(detail.contains(clipFrame) && detail.contains("frame " + node.frame()), detail);
        assertTrue(detail.contains("state " + deadEnd.id()), detail);
        long target = project.secondary().transition(first.merge().transitionId()).to();
        assertTrue(detail.contains("merge target " + target), detail);
        assertTrue(view.detail().showsStates());
        assertTrue(view.detail().shown().target().drawsSkinnedBody(), "the character is its skinned surface");
        Path shot = Screenshots.of(shell, "exploration-view");
        assertTrue(shot.toFile().length() > 10_000, shot.toString());

        // the next round undoes the worst merge: the detail says so instead of showing a stale merge
        view.actions().resume.run();
        UiWait.until("a round to undo the selected merge", RUN_TIMEOUT,
                () -> project.secondary().merge(first.merge().id()).isEmpty());
        UiWait.until("the detail to show the merge undone", 60_000, () -> view.detail().shown() != null
                && view.detail().shown().row().merge().id() == first.merge().id()
                && view.detail().shown().target() == null);
        String undone = view.detail().text();
        assertTrue(undone.contains("no longer merged") && undone.contains("state " + deadEnd.id()), undone);
        assertTrue(view.detail().shown().deadEnd() != null, "the dead end, simulated on, is still shown");

        // Stop abandons the round in flight; what was committed stays consistent
        UiWait.until("an expansion job in the Progress view", RUN_TIMEOUT, () -> Arrays.stream(
                Job.getJobManager().find(Explorer.FAMILY)).anyMatch(j -> j.getName().startsWith("expanding dead end")));
        view.actions().stop.run();
        UiWait.joinFamily(Explorer.FAMILY, 120_000);
        UiWait.until("the view to show the stop", 30_000, () -> view.runner().state() == State.STOPPED);
        assertTrue(view.actions().start.isEnabled());
        CheckReport report = project.check(null);
        assertTrue(report.clean(), report.violations().toString());

        // Focus: the next round takes the worst dead ends on the chosen clip, not the worst of the whole queue
        int r = ExplorationSettings.of(project).roundSize();
        List<MergeRecord> overall = project.secondary().worstQueued(r);
        ClipInfo focus = null;
        List<MergeRecord> focused = List.of();
        for (ClipInfo c : project.clips()) {
            List<MergeRecord> on = project.secondary().worstQueuedOn(r, List.of(c.id()));
            if (!on.isEmpty() && overall.stream().noneMatch(o -> on.stream().anyMatch(m -> m.id() == o.id()))) {
                focus = c;
                focused = on;
                break;
            }
        }
        assertTrue(focus != null, "a clip whose queued merges are not the worst overall");
        String name = focus.name();
        UiWait.until("the focus to offer the clip", 30_000, () -> List.of(view.settingsBar().focusChoices()).contains(name));
        view.settingsBar().chooseFocus(name);
        view.actions().start.run();
        // paused while the first round is in flight, so that exactly that round runs (a pause takes effect between
        // rounds: paused after the focused round had committed, the next one could be in flight already, and on a
        // loaded machine it was, 2026-12-05; a clip out of queued merges hands that round to the whole queue)
        UiWait.until("the focused round's expansions in the Progress view", RUN_TIMEOUT, () -> Arrays.stream(
                Job.getJobManager().find(Explorer.FAMILY)).anyMatch(j -> j.getName().startsWith("expanding dead end")));
        pauseAndWait(view);
        for (MergeRecord m : focused) {
            assertFalse(project.secondary().merge(m.id()).map(MergeRecord::queued).orElse(false),
                    "merge " + m.id() + ", among the worst on " + name + ", expanded by the focused round");
        }
        for (MergeRecord m : overall) {
            assertTrue(project.secondary().merge(m.id()).map(MergeRecord::queued).orElse(false),
                    "merge " + m.id() + ", worst overall but not on " + name + ", still queued");
        }
        Screenshots.of(shell, "exploration-view-focus");

        // another project opened while this one is paused: the pause ends, and the view offers Start for the new one
        Project other = DemoPipeline.run(dir.resolve("other"), DemoPipeline.Options.small(0), null);
        workbench.getService(ProjectSession.class).set(other);
        UiWait.until("Start for the other project", 60_000, () -> view.actions().start.isEnabled());
        assertEquals(State.STOPPED, view.runner().state());
        assertTrue(!view.actions().resume.isEnabled(), "nothing to resume in a project never explored");
        assertEquals(List.of(), view.settingsBar().focus(), "the focus was the other project's clip");
    }

    /**
     * With the Slurm backend on the single-node cluster: the choice is stored in the project, the pilot jobs show with
     * their Slurm ids and states and the units with their job and seconds on the node, and Cancel all jobs leaves no
     * pilot of the project in Slurm's queue.
     */
    @Test
    void exploresOnSlurmShowingJobsAndUnitsAndCancelsThem() throws Exception {
        SlurmCluster.require();
        Project project = DemoPipeline.run(dir.resolve("demo"), DemoPipeline.Options.small(0), null);
        Path product = dir.resolve("node-product");
        JavaLauncher.write(product.resolve("clothgraph"), NodeMain.class.getName(), NodeMain.classPathRoots());
        SlurmSettings.defaults().withProductPath(product.toString()).withMaxJobs(2).withMemoryMb(1536)
                .withIdleSeconds(60).store(project);
        workbench.getService(ProjectSession.class).set(project);
        Shell shell = workbench.getActiveWorkbenchWindow().getShell();
        shell.setSize(1280, 800);
        ExplorationView view = (ExplorationView) workbench.getActiveWorkbenchWindow().getActivePage()
                .showView(ExploreUi.EXPLORATION_VIEW_ID);
        UiWait.until("the view to offer Start", 60_000, () -> view.actions().start.isEnabled());

        view.settingsBar().chooseBackend(ExplorationBackend.SLURM);
        assertEquals(ExplorationBackend.SLURM, ExplorationBackend.of(project), "the backend is stored in the project");
        assertTrue(view.slurmPanelShown());

        view.actions().start.run();
        assertEquals(State.RUNNING, view.runner().state());
        UiWait.until("a committed round, a running pilot job and units done on the node", RUN_TIMEOUT,
                () -> sample(view) && view.counters().text(CountersPanel.ROUND).matches("[1-9][0-9,]*")
                        && sawRunningJob && sawUnitDone);
        view.actions().pause.run();
        UiWait.joinFamily(Explorer.FAMILY, RUN_TIMEOUT);
        UiWait.until("the view to show the pause", 30_000, () -> view.runner().state() == State.PAUSED);
        assertTrue(view.slurmPanel().summary().startsWith("Slurm: "), view.slurmPanel().summary());
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.settle(500);
        Path shot = Screenshots.of(shell, "exploration-view-slurm");
        assertTrue(shot.toFile().length() > 10_000, shot.toString());

        view.slurmPanel().pressCancelAll();
        UiWait.until("no pilot job left in Slurm's queue", 60_000, () -> squeue().isEmpty());
        CheckReport report = project.check(null);
        assertTrue(report.clean(), report.violations().toString());
        view.actions().stop.run();
        page.hideView(view); // the next test opens a view of its own

    }

    /** Notes whether the panel has shown a running pilot (Slurm id A_T) and a unit done with its seconds. */
    private boolean sample(ExplorationView view) {
        for (SlurmPanel.Row r : view.slurmPanel().rows()) {
            if (r.kind().equals("job") && r.name().matches("\\d+_\\d+") && r.state().equals("RUNNING")) {
                sawRunningJob = true;
            }
            if (r.kind().equals("unit") && r.state().equals("DONE") && r.job().matches("\\d+_\\d+")
                    && r.time().endsWith(" s")) {
                sawUnitDone = true;
            }
        }
        return true;
    }

    private static String squeue() {
        try {
            Process p = new ProcessBuilder("squeue", "--noheader", "--name=clothgraph-worker").redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            p.waitFor();
            return out;
        } catch (IOException e) {
            return "squeue: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /**
     * Notes how many expansions the view says are simulating at once and how long the UI thread went without polling.
     * The view's "(N simulating)" is the explorer's list of units that have entered their run and not yet finished it,
     * as of the last unit start: never more than were in their runs at one moment. (Counting the family's jobs whose
     * state reads RUNNING was not that: a job that had left its run could still read RUNNING after its group had
     * started the next, and CI once saw 3 with 2 workers.)
     */
    private boolean sampleUnits(ExplorationView view) {
        long now = System.nanoTime();
        longestUiGapNanos = Math.max(longestUiGapNanos, now - lastSample);
        lastSample = now;
        Matcher m = SIMULATING.matcher(view.statusText());
        if (m.find()) {
            mostUnitsRunning = Math.max(mostUnitsRunning, Integer.parseInt(m.group(1)));
        }
        return true;
    }

    private static void pauseAndWait(ExplorationView view) {
        view.actions().pause.run();
        UiWait.joinFamily(Explorer.FAMILY, RUN_TIMEOUT);
        UiWait.until("the view to show the pause", 30_000, () -> view.runner().state() == State.PAUSED
                && view.actions().resume.isEnabled() && !view.actions().pause.isEnabled());
    }

    private static void assertCountersShow(ExplorationView view, ExplorationStats s) {
        assertEquals(Formats.count(s.liveStates()), view.counters().text(CountersPanel.STATES));
        assertEquals(Formats.count(s.queue()), view.counters().text(CountersPanel.QUEUE));
        assertEquals(Formats.count(s.quarantined()), view.counters().text(CountersPanel.QUARANTINED));
        assertEquals(Formats.mm(s.worstError() * 1000), view.counters().text(CountersPanel.WORST));
        assertEquals(Formats.mm(s.medianError() * 1000), view.counters().text(CountersPanel.MEDIAN));
        assertTrue(count(view, CountersPanel.FRAMES) > 0, view.counters().text(CountersPanel.FRAMES));
    }

    private static long count(ExplorationView view, String counter) {
        String text = view.counters().text(counter).replace(",", "");
        return text.equals("-") ? 0 : Long.parseLong(text);
    }
}
