package org.clothgraph.model;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

import org.clothgraph.model.internal.WriterLock;

/**
 * The process that holds a project's writer lock, as it wrote itself into the lock file: process id, host,
 * since when, its command line and (when the application gave one) a short description such as
 * {@code clothgraph explore --workspace DIR}.
 */
public record LockHolder(long pid, String host, Instant since, String commandLine, String description) {
    private static final int SHOWN_COMMAND_CHARS = 120;

    /** True when this record describes the running process. */
    public boolean isThisProcess() {
        return pid == ProcessHandle.current().pid() && host.equals(WriterLock.localHost());
    }

    /** What the process is doing in a few words: the description, else its (shortened) command line. */
    public String command() {
        String c = description != null && !description.isBlank() ? description : commandLine;
        if (c == null || c.isBlank()) {
            return "command line unknown";
        }
        return c.length() <= SHOWN_COMMAND_CHARS ? c : c.substring(0, SHOWN_COMMAND_CHARS - 1) + "…";
    }

    /** "process 4711 (clothgraph explore --workspace …) since 18:31", with the host when it is another one. */
    public String describe() {
        StringBuilder b = new StringBuilder("process ").append(pid);
        if (!host.equals(WriterLock.localHost())) {
            b.append(" on ").append(host);
        }
        b.append(" (").append(command()).append(')');
        if (since != null) {
            ZonedDateTime t = since.atZone(ZoneId.systemDefault());
            b.append(" since ").append(t.toLocalDate().equals(LocalDate.now())
                    ? t.format(DateTimeFormatter.ofPattern("HH:mm")) : t.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")));
        }
        return b.toString();
    }
}
