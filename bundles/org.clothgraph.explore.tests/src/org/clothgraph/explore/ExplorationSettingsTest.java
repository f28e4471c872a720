package org.clothgraph.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stored exploration settings: the merge window, and projects stored before it existed. */
class ExplorationSettingsTest {

    @TempDir
    Path dir;

    @Test
    void aNewProjectPlacesDeadEndsAndAStoredWindowIsKept() {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            assertEquals(ExplorationSettings.DEFAULT_MERGE_WINDOW, ExplorationSettings.of(p).mergeWindow());
            ExplorationSettings.defaults().withMergeWindow(3).store(p);
            assertEquals(3, ExplorationSettings.of(p).mergeWindow());
        }
    }

    @Test
    void settingsStoredBeforeTheMergeWindowExistedEndBranchesAtTheirLastFrame() {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            // the JSON an earlier version stored (no mergeWindow field)
            String old = ExplorationSettings.defaults().toJson().replaceAll(",?\"mergeWindow\":\\d+", "");
            assertEquals(-1, old.indexOf("mergeWindow"), old);
            p.setSetting(ExplorationSettings.SCOPE, "settings", old);
            assertEquals(1, ExplorationSettings.of(p).mergeWindow(), "explored as Kim et al.: the branch's last frame");
        }
    }

    @Test
    void aNewProjectContinuesShortBranchesAndAProjectStoredBeforeDoesNot() {
        try (Project p = Project.create(dir.resolve("p"), "p")) {
            assertEquals(ExplorationSettings.DEFAULT_MIN_BRANCH_FRAMES, ExplorationSettings.of(p).minBranchFrames());
            ExplorationSettings.defaults().withMinBranchFrames(0).store(p);
            assertEquals(0, ExplorationSettings.of(p).minBranchFrames());
            String old = ExplorationSettings.defaults().toJson().replaceAll(",?\"minBranchFrames\":\\d+", "");
            assertEquals(-1, old.indexOf("minBranchFrames"), old);
            p.setSetting(ExplorationSettings.SCOPE, "settings", old);
            assertEquals(0, ExplorationSettings.of(p).minBranchFrames(), "every branch ends at the first branching node");
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> ExplorationSettings.defaults().withMinBranchFrames(-1));
            assertEquals(true, e.getMessage().contains("minBranchFrames"), e.getMessage());
        }
    }

    @Test
    void aNegativeWindowIsRefusedNamingTheField() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> ExplorationSettings.defaults().withMergeWindow(-2));
        assertEquals(true, e.getMessage().contains("mergeWindow"), e.getMessage());
    }
}
