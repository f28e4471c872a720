package org.clothgraph.model;

import java.nio.file.Path;

/**
 * Bad user input: a malformed file, a wrong unit, a missing field, a corrupt workspace. Carries the
 * file and the line or field so the CLI can print one line that tells the user what to fix and exit 2.
 */
public class InvalidInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String location;
    private final String reason;

    /**
     * @param source the file (or other named input) that is wrong, may be null
     * @param location where inside it: "line 12", "field frame_time", may be null
     * @param message what is wrong, one line
     */
    public InvalidInputException(String source, String location, String message) {
        this(source, location, message, null);
    }

    public InvalidInputException(String source, String location, String message, Throwable cause) {
        super(format(source, location, message), cause);
        this.source = source;
        this.location = location;
        this.reason = message == null ? null : oneLine(message);
    }

    public InvalidInputException(Path file, String location, String message) {
        this(file == null ? null : file.toString(), location, message, null);
    }

    public InvalidInputException(Path file, String location, String message, Throwable cause) {
        this(file == null ? null : file.toString(), location, message, cause);
    }

    /** Line-numbered variant for text formats. */
    public static InvalidInputException atLine(Path file, int line, String message) {
        return new InvalidInputException(file, "line " + line, message);
    }

    public String source() {
        return source;
    }

    public String location() {
        return location;
    }

    /** What is wrong, without the source and location (for a caller that reports it as part of its own input). */
    public String reason() {
        return reason;
    }

    private static String format(String source, String location, String message) {
        StringBuilder b = new StringBuilder();
        if (source != null) {
            b.append(source);
            if (location != null) {
                b.append(':').append(location.startsWith("line ") ? location.substring(5) : location);
            }
            b.append(": ");
        } else if (location != null) {
            b.append(location).append(": ");
        }
        // one line, whatever a damaged file put into the message
        return oneLine(b.append(message).toString());
    }

    private static String oneLine(String text) {
        return text.replaceAll("[\\r\\n]+", " ");
    }
}
