package org.clothgraph.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;

/** Waiting without sleep-and-hope, and screenshots under target/ for a person to look at. */
final class UiTestSupport {
    private UiTestSupport() {
    }

    /** Runs the event loop until the condition holds; fails with {@code what} after the timeout. */
    static void waitUntil(String what, long timeoutMillis, BooleanSupplier condition) {
        Display display = Display.getCurrent();
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; jobs: " + jobList());
            }
            if (!display.readAndDispatch()) {
                display.timerExec(20, () -> { });
                display.sleep();
            }
        }
        while (display.readAndDispatch()) {
            // flush pending UI work (async refreshes)
        }
    }

    /** Joins a job family while keeping the UI responsive; dumps the job list on timeout. */
    static void joinFamily(Object family, long timeoutMillis) {
        waitUntil("jobs of family " + family, timeoutMillis, () -> Job.getJobManager().find(family).length == 0);
    }

    static String jobList() {
        return Arrays.stream(Job.getJobManager().find(null))
                .map(j -> j.getName() + " [" + stateName(j.getState()) + "]").collect(Collectors.joining(", "));
    }

    private static String stateName(int state) {
        return switch (state) {
            case Job.RUNNING -> "running";
            case Job.WAITING -> "waiting";
            case Job.SLEEPING -> "sleeping";
            default -> "none";
        };
    }

    /** Writes a PNG of the shell to the folder named by system property cg.screenshots (or target/screenshots). */
    static Path screenshot(Shell shell, String name) throws Exception {
        Path folder = Path.of(System.getProperty("cg.screenshots", "target/screenshots"));
        Files.createDirectories(folder);
        Display display = shell.getDisplay();
        shell.forceActive();
        while (display.readAndDispatch()) {
            // let the shell paint before capturing it
        }
        Rectangle b = shell.getBounds();
        Image image = new Image(display, b.width, b.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, b.x, b.y);
        } finally {
            gc.dispose();
        }
        Path file = folder.resolve(name + ".png");
        ImageLoader loader = new ImageLoader();
        loader.data = new ImageData[] { image.getImageData() };
        loader.save(file.toString(), SWT.IMAGE_PNG);
        image.dispose();
        return file;
    }
}
