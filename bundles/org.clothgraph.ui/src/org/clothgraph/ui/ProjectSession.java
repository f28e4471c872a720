package org.clothgraph.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.clothgraph.cloth.CharacterSurface;
import org.clothgraph.model.Project;

/**
 * The project open in this workbench. Registered in the workbench's context (not a static singleton);
 * parts get it with {@code getSite().getService(ProjectSession.class)}. Listeners hear when a
 * different project is opened or closed; changes inside a project come from the model's own
 * listeners.
 */
public final class ProjectSession {
    /** Told when the session's project is replaced (the argument may be null: no project). */
    @FunctionalInterface
    public interface Listener {
        void projectChanged(Project project);
    }

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private volatile Project project;

    public Project project() {
        return project;
    }

    /** Opens the project in {@code folder}, closing the current one. */
    public Project open(Path folder) {
        Project p = Project.open(folder);
        set(p);
        return p;
    }

    /** Makes an already open project current, closing the previous one. */
    public void set(Project p) {
        if (p != null) {
            // a character imported with its own surface: every view draws it (and simulations collide with it)
            CharacterSurface.install(p);
        }
        Project old = project;
        project = p;
        if (old != null && old != p) {
            old.close();
        }
        for (Listener l : listeners) {
            l.projectChanged(p);
        }
    }

    public void close() {
        set(null);
    }

    public void addListener(Listener l) {
        listeners.add(l);
    }

    public void removeListener(Listener l) {
        listeners.remove(l);
    }
}
