package org.clothgraph.model.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.clothgraph.model.InvalidInputException;

/**
 * File references stored in a project's database are confined to the project folder: a crafted project must not make
 * ClothGraph read or write an absolute path, a path through {@code ..}, or a symbolic link out of the folder. Every
 * place that turns a stored reference into a file goes through {@link #confine}.
 */
public final class ProjectPaths {
    private ProjectPaths() {
    }

    /**
     * The file {@code relative} names under {@code folder}.
     *
     * @param source the database the reference was read from (named in the error)
     * @param where the record and field, e.g. "clip walk, field file"
     * @throws InvalidInputException naming the source, the field and the reference when it leaves the folder
     */
    public static Path confine(Path folder, Path source, String where, String relative) {
        if (relative == null || relative.isBlank()) {
            throw new InvalidInputException(source, where, "empty file reference");
        }
        Path p;
        try {
            p = Paths.get(relative);
        } catch (InvalidPathException e) {
            throw new InvalidInputException(source, where, "not a file name: " + printable(relative));
        }
        if (p.isAbsolute() || p.getRoot() != null) {
            throw new InvalidInputException(source, where, "absolute path " + printable(relative)
                    + " refused: project files are named relative to the project folder");
        }
        for (Path name : p) {
            if (name.toString().equals("..")) {
                throw new InvalidInputException(source, where, "path " + printable(relative)
                        + " refused: '..' would leave the project folder");
            }
        }
        Path file = folder.resolve(p);
        // Symbolic links: the deepest existing ancestor (the file itself when it exists) must really be inside.
        Path existing = file;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing != null) {
            try {
                Path realFolder = folder.toRealPath();
                Path real = existing.toRealPath();
                if (!real.startsWith(realFolder)) {
                    throw new InvalidInputException(source, where, "path " + printable(relative)
                            + " refused: a symbolic link leads out of the project folder (to " + real + ")");
                }
            } catch (IOException e) {
                // a dangling link or an unreadable folder: refuse rather than guess where it leads
                throw new InvalidInputException(source, where, "path " + printable(relative)
                        + " refused: cannot resolve where it leads (" + e.getMessage() + ")");
            }
        }
        return file;
    }

    private static String printable(String s) {
        StringBuilder b = new StringBuilder("'");
        for (int i = 0; i < s.length() && i < 200; i++) {
            char ch = s.charAt(i);
            b.append(Character.isISOControl(ch) ? '?' : ch);
        }
        return b.append(s.length() > 200 ? "...'" : "'").toString();
    }
}
