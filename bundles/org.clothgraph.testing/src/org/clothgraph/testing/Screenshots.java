package org.clothgraph.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;

/** PNG screenshots under the folder named by system property cg.screenshots (default target/screenshots). */
public final class Screenshots {
    private Screenshots() {
    }

    public static Path folder() throws IOException {
        Path folder = Path.of(System.getProperty("cg.screenshots", "target/screenshots"));
        Files.createDirectories(folder);
        return folder;
    }

    /** Captures a shell as it is on screen (after letting it paint). */
    public static Path of(Shell shell, String name) throws IOException {
        return of(shell, name, null, null);
    }

    /**
     * Captures a shell as it is on screen with a GL canvas's content, read back from GL (what a screen copy may miss),
     * drawn over the canvas.
     */
    public static Path of(Shell shell, String name, Control glCanvas, Supplier<ImageData> glContent)
            throws IOException {
        shell.forceActive();
        UiWait.settle(800);
        Rectangle b = drawnBounds(shell);
        Image image = new Image(shell.getDisplay(), b.width, b.height);
        GC gc = new GC(shell.getDisplay());
        try {
            gc.copyArea(image, b.x, b.y);
        } finally {
            gc.dispose();
        }
        try {
            ImageData content = glContent == null ? null : glContent.get();
            if (content != null) {
                Point at = shell.getDisplay().map(glCanvas, null, 0, 0);
                Image gl = new Image(shell.getDisplay(), content);
                GC draw = new GC(image);
                draw.drawImage(gl, at.x - b.x, at.y - b.y);
                draw.dispose();
                gl.dispose();
            }
            return save(image.getImageData(), name);
        } finally {
            image.dispose();
        }
    }

    /**
     * The shell's bounds down to the bottom-right of its client area: without a window manager (Xvfb) GTK counts
     * decorations that are never drawn into the bounds, which would capture a strip of whatever lies behind.
     */
    private static Rectangle drawnBounds(Shell shell) {
        Rectangle b = shell.getBounds();
        Rectangle client = shell.getClientArea();
        Point origin = shell.getDisplay().map(shell, null, client.x, client.y);
        int width = Math.min(b.width, origin.x + client.width - b.x);
        int height = Math.min(b.height, origin.y + client.height - b.y);
        return width > 0 && height > 0 ? new Rectangle(b.x, b.y, width, height) : b;
    }

    /** Writes image data (e.g. read back from a GL view). */
    public static Path save(ImageData data, String name) throws IOException {
        Path file = folder().resolve(name + ".png");
        ImageLoader loader = new ImageLoader();
        loader.data = new ImageData[] { data };
        loader.save(file.toString(), SWT.IMAGE_PNG);
        return file;
    }
}
