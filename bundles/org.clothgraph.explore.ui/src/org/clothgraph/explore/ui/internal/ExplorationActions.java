package org.clothgraph.explore.ui.internal;

import org.clothgraph.explore.ui.internal.ExplorationRunner.State;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;

/**
 * Start, Pause, Resume and Stop in the view's toolbar, enabled by the run state: Start when nothing runs, Pause
 * while a run goes, Resume once paused, Stop while running, pausing or paused.
 */
final class ExplorationActions {
    interface Target {
        void start();

        void pause();

        void resume();

        void stop();
    }

    final Action start;
    final Action pause;
    final Action resume;
    final Action stop;

    ExplorationActions(Target target) {
        start = action("Start", "Explore: initialise the secondary graph if needed, then expand the worst dead ends",
                target::start);
        pause = action("Pause", "Stop after the round in flight has been committed", target::pause);
        resume = action("Resume", "Continue the paused exploration (with the settings shown)", target::resume);
        stop = action("Stop", "Stop now: the round in flight is abandoned, committed rounds are kept", target::stop);
    }

    private static Action action(String text, String tip, Runnable run) {
        Action a = new Action(text) {
            @Override
            public void run() {
                run.run();
            }
        };
        a.setToolTipText(tip);
        return a;
    }

    void fill(IToolBarManager toolbar) {
        toolbar.add(start);
        toolbar.add(pause);
        toolbar.add(resume);
        toolbar.add(stop);
    }

    /** @param ready a project with a garment is open */
    void update(State state, boolean ready) {
        start.setEnabled(ready && (state == State.IDLE || state == State.STOPPED));
        pause.setEnabled(state == State.RUNNING);
        resume.setEnabled(ready && state == State.PAUSED);
        stop.setEnabled(state == State.RUNNING || state == State.PAUSING || state == State.PAUSED);
    }
}
