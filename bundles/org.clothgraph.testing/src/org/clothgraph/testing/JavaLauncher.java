package org.clothgraph.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashSet;
import java.util.Set;

import org.eclipse.core.runtime.FileLocator;

/**
 * Runs code of the bundles under test in another JVM without OSGi: a class path made of the jars (or class folders)
 * that hold given classes, and a shell launcher for a main class on it.
 */
public final class JavaLauncher {
    private JavaLauncher() {
    }

    /** The class path entries holding these classes, in order, each once. */
    public static String classpath(Class<?>... classes) {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : classes) {
            String resource = c.getName().replace('.', '/') + ".class";
            try {
                String url = FileLocator.resolve(c.getClassLoader().getResource(resource)).toString();
                if (url.startsWith("jar:")) {
                    entries.add(Path.of(new URI(url.substring(4, url.indexOf("!/")))).toString());
                } else if (url.endsWith(resource)) {
                    entries.add(Path.of(new URI(url.substring(0, url.length() - resource.length()))).toString());
                } else {
                    throw new IllegalStateException("cannot put " + c.getName() + " on a class path: " + url);
                }
            } catch (IOException | URISyntaxException e) {
                throw new IllegalStateException("cannot locate " + c.getName() + ": " + e, e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Writes an executable {@code script} that runs {@code mainClass} on the class path of these classes. */
    public static Path write(Path script, String mainClass, Class<?>... classes) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try {
            Files.createDirectories(script.getParent());
            Files.writeString(script, "#!/bin/sh\nexec '" + java + "' -Xmx1g -cp '" + classpath(classes) + "' "
                    + mainClass + " \"$@\"\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            return script;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
