package org.clothgraph.explore.slurm;

import java.util.Locale;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;

/**
 * Where an exploration's units of work run, stored in the project (scope {@code exploration}, key {@code backend}):
 * in threads of the controller ({@code local}, the default) or on a Slurm cluster ({@code slurm}, with the project's
 * {@link SlurmSettings}).
 */
public enum ExplorationBackend {
    LOCAL, SLURM;

    private static final String SCOPE = "exploration";
    private static final String KEY = "backend";

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ExplorationBackend parse(String source, String field, String value) {
        for (ExplorationBackend b : values()) {
            if (b.id().equals(value)) {
                return b;
            }
        }
        throw new InvalidInputException(source, field, "unknown backend '" + value + "' (local or slurm)");
    }

    public static ExplorationBackend of(Project project) {
        return project.setting(SCOPE, KEY)
                .map(v -> parse(project.folder().resolve("clothgraph.db").toString(), "setting." + SCOPE + "." + KEY, v))
                .orElse(LOCAL);
    }

    public void store(Project project) {
        project.setSetting(SCOPE, KEY, id());
    }
}
