package org.clothgraph.explore.slurm.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.clothgraph.explore.UnitRunner;
import org.clothgraph.sim.ClothSimulator;

/**
 * The version of the code that decides a unit's frames: the newest of the bundle versions (with their build
 * qualifiers) of the simulator, the exploration and this backend. A node whose version differs from the
 * controller's is refused, since its frames could differ. Read from the OSGi framework when there is one, else from
 * the bundles' manifests on the class path (a worker started without OSGi).
 */
public final class ProductVersion {
    private ProductVersion() {
    }

    public static String current() {
        String newest = null;
        for (Class<?> c : new Class<?>[] { ClothSimulator.class, UnitRunner.class, ProductVersion.class }) {
            String v = versionOf(c);
            if (newest == null || compare(v, newest) > 0) {
                newest = v;
            }
        }
        return newest;
    }

    private static int compare(String a, String b) {
        String[] x = a.split("\\.", 4);
        String[] y = b.split("\\.", 4);
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            String p = i < x.length ? x[i] : "";
            String q = i < y.length ? y[i] : "";
            int c = i < 3 ? Integer.compare(parse(p), parse(q)) : p.compareTo(q);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static String versionOf(Class<?> c) {
        try {
            String v = Osgi.version(c);
            if (v != null) {
                return v;
            }
        } catch (NoClassDefFoundError | ClassCastException e) {
            // no OSGi framework on the class path: read the manifest
        }
        return fromManifest(c);
    }

    /** Apart, so that its OSGi types are loaded only when asked. */
    private static final class Osgi {
        static String version(Class<?> c) {
            org.osgi.framework.Bundle b = org.osgi.framework.FrameworkUtil.getBundle(c);
            return b == null ? null : b.getVersion().toString();
        }
    }

    private static String fromManifest(Class<?> c) {
        try {
            CodeSource source = c.getProtectionDomain().getCodeSource();
            if (source == null) {
                return "unknown";
            }
            Path location = Path.of(source.getLocation().toURI());
            Manifest m = null;
            if (Files.isRegularFile(location)) {
                try (JarFile jar = new JarFile(location.toFile())) {
                    m = jar.getManifest();
                }
            } else {
                // a bundle folder (bin/ or target/classes/ below it, or the folder itself)
                for (Path dir = location; dir != null && m == null; dir = dir.getParent()) {
                    Path mf = dir.resolve("META-INF/MANIFEST.MF");
                    if (Files.isRegularFile(mf)) {
                        try (InputStream in = Files.newInputStream(mf)) {
                            m = new Manifest(in);
                        }
                    }
                }
            }
            String v = m == null ? null : m.getMainAttributes().getValue("Bundle-Version");
            return v == null ? "unknown" : v.strip();
        } catch (IOException | URISyntaxException | IllegalArgumentException | SecurityException e) {
            return "unknown";
        }
    }
}
