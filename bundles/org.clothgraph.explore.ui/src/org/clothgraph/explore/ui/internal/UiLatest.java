package org.clothgraph.explore.ui.internal;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.eclipse.swt.SWTException;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;

/**
 * Hands the latest value published from any thread to the UI thread, coalescing: however many values arrive
 * before the UI thread gets to them, it renders only the newest, once.
 */
final class UiLatest<T> {
    private final Control owner;
    private final Display display;
    private final Consumer<T> consumer;
    private final AtomicReference<T> latest = new AtomicReference<>();
    private final AtomicBoolean posted = new AtomicBoolean();

    UiLatest(Control owner, Consumer<T> consumer) {
        this.owner = owner;
        this.display = owner.getDisplay();
        this.consumer = consumer;
    }

    /** Any thread. */
    void post(T value) {
        latest.set(value);
        if (display.isDisposed() || !posted.compareAndSet(false, true)) {
            return;
        }
        try {
            display.asyncExec(this::drain);
        } catch (SWTException e) {
            posted.set(false); // the display is gone: nothing to render into
        }
    }

    private void drain() {
        posted.set(false);
        T value = latest.getAndSet(null);
        if (value != null && !owner.isDisposed()) {
            consumer.accept(value);
        }
    }
}
