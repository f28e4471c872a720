package org.clothgraph.ui;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.StorageException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWTException;
import org.eclipse.swt.widgets.Control;

/**
 * Loads what a view shows off the UI thread: reading the project (files, database) and laying things out can take
 * longer than the UI thread may be blocked. One job per view: requests while a load runs are coalesced into one more
 * load of the newest input after it; a result is shown on the UI thread only when no newer request was made since
 * and the view's control still exists.
 *
 * @param <I> what a load is for (e.g. the project)
 * @param <T> what it loads
 */
public final class BackgroundLoad<I, T> {
    private record Request<I>(long generation, I input) {
    }

    private final Control owner;
    private final Function<I, T> loader;
    private final BiConsumer<I, T> show;
    private final BiConsumer<I, RuntimeException> failed;
    private final AtomicReference<Request<I>> pending = new AtomicReference<>();
    private final Job job;
    /** Requests made (UI thread only). */
    private long generation;

    /**
     * @param name the job's name
     * @param loader runs in the job (any thread; reads only)
     * @param show shows a loaded value (UI thread)
     * @param failed shows a load's bad-input or storage failure (UI thread), e.g. as the view's message
     */
    public BackgroundLoad(Control owner, String name, Function<I, T> loader, BiConsumer<I, T> show,
            BiConsumer<I, RuntimeException> failed) {
        this.owner = owner;
        this.loader = loader;
        this.show = show;
        this.failed = failed;
        this.job = new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                load();
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
    }

    /** Asks for a load of {@code input} (UI thread); any earlier load still to be shown is superseded. */
    public void request(I input) {
        pending.set(new Request<>(++generation, input));
        job.schedule();
    }

    private void load() {
        Request<I> r = pending.getAndSet(null);
        if (r == null) {
            return;
        }
        try {
            T value = loader.apply(r.input());
            deliver(r, () -> show.accept(r.input(), value));
        } catch (InvalidInputException | StorageException e) {
            deliver(r, () -> failed.accept(r.input(), e));
        }
    }

    private void deliver(Request<I> r, Runnable onUiThread) {
        if (owner.isDisposed()) {
            return;
        }
        try {
            owner.getDisplay().asyncExec(() -> {
                if (r.generation() == generation && !owner.isDisposed()) {
                    onUiThread.run();
                }
            });
        } catch (SWTException e) {
            // the display is gone: nothing to show it in
        }
    }
}
