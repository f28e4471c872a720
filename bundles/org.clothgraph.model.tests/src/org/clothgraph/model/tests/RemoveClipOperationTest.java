package org.clothgraph.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.Project;
import org.clothgraph.model.operations.ExcludeClipOperation;
import org.clothgraph.model.operations.RemoveClipOperation;
import org.eclipse.core.commands.operations.DefaultOperationHistory;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Removing, excluding and including clips through the undoable operations the editor and the CLI share. */
class RemoveClipOperationTest {
    @TempDir
    Path dir;

    @Test
    void removeExcludeIncludeUndoAndRedo() throws Exception {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            byte[] content = "HIERARCHY\n(the bytes of a clip file)\n".getBytes(StandardCharsets.UTF_8);
            p.writeFile("motions/walk.bvh", f -> Files.write(f, content));
            p.addClip("walk", "motions/walk.bvh", 30, 12);
            IOperationHistory history = new DefaultOperationHistory();

            history.execute(new ExcludeClipOperation(p, clip(p, "walk"), true), null, null);
            assertTrue(clip(p, "walk").excluded());
            history.undo(p.undoContext(), null, null);
            assertFalse(clip(p, "walk").excluded());
            history.redo(p.undoContext(), null, null);
            assertTrue(clip(p, "walk").excluded());

            Path file = p.folder().resolve("motions/walk.bvh");
            history.execute(new RemoveClipOperation(p, clip(p, "walk")), null, null);
            assertTrue(p.clips().isEmpty());
            assertFalse(Files.exists(file));
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());

            // undo: the clip is back with its file, its digest and its exclusion
            history.undo(p.undoContext(), null, null);
            ClipInfo back = clip(p, "walk");
            assertTrue(back.excluded());
            assertEquals(12, back.frameCount());
            assertArrayEquals(content, Files.readAllBytes(file));
            assertTrue(p.check(null).clean(), () -> p.check(null).violations().toString());

            // redo removes the restored clip (its new id), undo twice more re-includes it
            history.redo(p.undoContext(), null, null);
            assertTrue(p.clips().isEmpty());
            assertFalse(Files.exists(file));
            history.undo(p.undoContext(), null, null);
            history.undo(p.undoContext(), null, null);
            assertFalse(clip(p, "walk").excluded());
        }
    }

    private static ClipInfo clip(Project p, String name) {
        return p.clips().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
