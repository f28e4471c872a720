package org.clothgraph.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.Project;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.testing.Screenshots;
import org.clothgraph.testing.SkinnedGltf;
import org.clothgraph.testing.UiWait;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File > New Project... (issue 11, acceptance 4): the wizard with the default character, then with a skinned glTF the
 * test writes (its mapped skeleton previewed, every role's joint listed), a refused file, and the project it creates
 * through the same core operation as {@code clothgraph new --character}. Screenshots of each state.
 */
class NewProjectWizardTest {
    @TempDir
    Path dir;

    private final IWorkbench workbench = PlatformUI.getWorkbench();
    private WizardDialog dialog;

    @AfterEach
    void close() {
        if (dialog != null && dialog.getShell() != null && !dialog.getShell().isDisposed()) {
            dialog.close();
        }
        workbench.getService(ProjectSession.class).close();
    }

    @Test
    void wizardPreviewsTheMappedCharacterAndCreatesTheProject() throws Exception {
        ProjectSession session = workbench.getService(ProjectSession.class);
        dialog = ProjectActions.newProjectDialog(workbench.getActiveWorkbenchWindow().getShell(), session);
        dialog.setBlockOnOpen(false);
        dialog.open();
        NewProjectPage page = (NewProjectPage) dialog.getCurrentPage();
        Path folder = dir.resolve("my-project");
        page.setFolder(folder.toString());
        UiWait.settle(200);
        assertEquals("my-project", page.projectName(), "the name follows the folder");
        assertTrue(page.isPageComplete(), "the default character needs nothing more");
        assertEquals(22, page.mappingTable().getItemCount());
        assertFitsWithoutTruncation(dialog.getShell());
        Screenshots.of(dialog.getShell(), "new-project-wizard-default-character");

        // a refused file: one line naming the file and the field, Finish disabled
        Path bad = SkinnedGltf.write(dir, "unskinned", SkinnedGltf.Variant.NO_SKIN);
        page.setCharacterFile(bad.toString());
        page.readCharacter();
        assertNotNull(page.getErrorMessage());
        assertTrue(page.getErrorMessage().contains(bad + ":skins: no skin"), page.getErrorMessage());
        assertFalse(page.isPageComplete());
        Screenshots.of(dialog.getShell(), "new-project-wizard-refused-file");

        Path gltf = SkinnedGltf.write(dir, "blender-like", SkinnedGltf.Variant.HUMANOID);
        page.setCharacterFile(gltf.toString());
        assertFalse(page.isPageComplete(), "a file not read yet cannot finish");
        page.readCharacter();
        assertEquals(null, page.getErrorMessage());
        assertTrue(page.isPageComplete());
        Map<String, String> rows = new HashMap<>();
        for (TableItem it : page.mappingTable().getItems()) {
            rows.put(it.getText(0), it.getText(1));
        }
        assertEquals(22, rows.size());
        assertEquals("upper_arm.L", rows.get("LeftArm"));
        assertEquals("thigh.R", rows.get("RightUpLeg"));
        assertEquals("-", rows.get("Spine1"), "the file has two spine joints; the third role is placed between them");
        assertEquals(22, page.preview().skeleton().size(), "the preview draws the mapped skeleton");
        SkinnedGltf fixture = SkinnedGltf.humanoid();
        assertTrue(page.summary().contains("own surface of " + fixture.vertexCount() + " vertices and "
                + fixture.triangleCount() + " triangles"), page.summary());
        UiWait.settle(300); // the event loop runs the layouts SWT deferred while the file was read
        assertFitsWithoutTruncation(dialog.getShell());
        Screenshots.of(dialog.getShell(), "new-project-wizard-gltf-character");

        assertTrue(dialog.getCurrentPage().getWizard().performFinish(), () -> page.getErrorMessage());
        dialog.close();
        Project p = session.project();
        assertNotNull(p, "the new project is the session's project");
        assertEquals(folder.toAbsolutePath().normalize(), p.folder().toAbsolutePath().normalize());
        assertEquals("blender-like", p.character().orElseThrow().name());
        assertEquals(fixture.vertexCount(), ProjectCharacter.skin(p).orElseThrow().vertexCount());
        assertTrue(Files.isRegularFile(folder.resolve("character/skin.cgsk")));
        assertTrue(p.check(null).clean(), p.check(null).violations().toString());
    }

    /** No text is cut: every label and button shows its whole preferred size, table columns their content. */
    private static void assertFitsWithoutTruncation(Control root) {
        List<String> cut = new ArrayList<>();
        visit(root, c -> {
            if (!c.isVisible()) {
                return;
            }
            if ((c instanceof Label l && (l.getStyle() & SWT.WRAP) == 0) || c instanceof Button) {
                Point want = c.computeSize(SWT.DEFAULT, SWT.DEFAULT);
                Point have = c.getSize();
                if (have.x < want.x || have.y < want.y) {
                    cut.add(c + " " + have + " < " + want);
                }
            }
            if (c instanceof Table table) {
                int sum = 0;
                for (TableColumn col : table.getColumns()) {
                    sum += col.getWidth();
                }
                if (sum > table.getClientArea().width) {
                    cut.add("table columns " + sum + " px in " + table.getClientArea().width + " px (table " + table.getBounds()
                            + ", hint " + ((org.eclipse.swt.layout.GridData) table.getLayoutData()).widthHint + ", parent "
                            + table.getParent().getBounds() + ", shell " + table.getShell().getBounds() + ")");
                }
            }
        });
        assertTrue(cut.isEmpty(), String.join("\n", cut));
    }

    private static void visit(Control c, java.util.function.Consumer<Control> f) {
        f.accept(c);
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                visit(child, f);
            }
        }
    }
}
