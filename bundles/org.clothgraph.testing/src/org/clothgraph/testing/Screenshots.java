package org.clothgraph.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
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
        shell.forceActive();
        UiWait.settle(800);
        Rectangle b = shell.getBounds();
        Image image = new Image(shell.getDisplay(), b.width, b.height);
        GC gc = new GC(shell.getDisplay());
        try {
            gc.copyArea(image, b.x, b.y);
        } finally {
            gc.dispose();
        }
        try {
            return save(image.getImageData(), name);
        } finally {
            image.dispose();
        }
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
