package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import org.clothgraph.model.Aspect;
import org.clothgraph.model.ModelChange;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.RenameProjectOperation;
import org.clothgraph.model.operations.SetSettingOperation;
import org.eclipse.core.commands.operations.DefaultOperationHistory;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelChangeTest {
    @TempDir
    Path dir;

    @Test
    void aBatchIsAnnouncedOnceAfterCommit() {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            List<ModelChange> heard = new CopyOnWriteArrayList<>();
            p.addModelChangeListener(heard::add);
            p.batch(() -> {
                p.setSetting("a", "x", "1");
                p.setName("renamed");
                assertTrue(heard.isEmpty(), "nothing is announced before the outer commit");
            });
            assertEquals(1, heard.size());
            assertEquals(Set.of(Aspect.SETTINGS, Aspect.PROJECT), heard.get(0).aspects());
        }
    }

    @Test
    void aFailedBatchRollsBackAndIsNotAnnounced() {
        try (Project p = Project.create(dir.resolve("r"), "before")) {
            List<ModelChange> heard = new CopyOnWriteArrayList<>();
            p.addModelChangeListener(heard::add);
            try {
                p.batch(() -> {
                    p.setName("after");
                    throw new IllegalStateException("simulated failure");
                });
            } catch (IllegalStateException expected) {
                // the batch failed as intended
            }
            assertEquals("before", p.name());
            assertTrue(heard.isEmpty());
        }
    }

    @Test
    void backgroundWriterAndForegroundReaderDoNotInterfere() throws Exception {
        try (Project p = Project.create(dir.resolve("c"), "c")) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < 300; i++) {
                        p.setSetting("bg", "k" + i, Integer.toString(i));
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            writer.start();
            int lastSeen = 0;
            while (writer.isAlive()) {
                int n = p.settings("bg").size();
                assertTrue(n >= lastSeen, "readers never see a change go backwards");
                lastSeen = n;
            }
            writer.join();
            assertEquals(null, failure.get());
            assertEquals(300, p.settings("bg").size());
        }
    }

    @Test
    void editsUndoAndRedoThroughTheOperationHistory() throws Exception {
        try (Project p = Project.create(dir.resolve("u"), "original")) {
            IOperationHistory history = new DefaultOperationHistory();
            history.execute(new RenameProjectOperation(p, "edited"), null, null);
            history.execute(new SetSettingOperation(p, "simulator", "substeps", "40"), null, null);
            assertEquals("edited", p.name());
            history.undo(p.undoContext(), null, null);
            assertTrue(p.setting("simulator", "substeps").isEmpty());
            history.undo(p.undoContext(), null, null);
            assertEquals("original", p.name());
            history.redo(p.undoContext(), null, null);
            assertEquals("edited", p.name());
        }
    }
}
