package org.clothgraph.motion.ui.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.ui.ProjectSession;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;

/**
 * Chooses motion files and reading options, and previews the selected file retargeted onto the
 * project character, so errors (bad file, unmapped skeleton) show before anything is imported.
 */
final class MotionImportPage extends WizardPage {
    private final ProjectSession session;
    private final List<Path> files = new ArrayList<>();
    private org.eclipse.swt.widgets.List fileList;
    private Spinner fps;
    private Combo up;
    private Label status;
    private PosePreview preview;

    MotionImportPage(ProjectSession session) {
        super("motion");
        this.session = session;
        setTitle("Motion capture");
        setDescription("BVH (any skeleton, Y or Z up) or ASF followed by its AMC files; retargeted onto the character.");
        setPageComplete(false);
    }

    /** The open project, or null. */
    org.clothgraph.model.Project project() {
        return session == null ? null : session.project();
    }

    List<Path> files() {
        return List.copyOf(files);
    }

    ProjectClips.Settings settings() {
        ImportOptions.UpAxis axis = switch (up.getSelectionIndex()) {
            case 1 -> ImportOptions.UpAxis.Y;
            case 2 -> ImportOptions.UpAxis.Z;
            default -> ImportOptions.UpAxis.AUTO;
        };
        return new ProjectClips.Settings(ImportOptions.DEFAULT.withFps(fps.getSelection()).withUpAxis(axis), null, 120);
    }

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(3, false));
        fileList = new org.eclipse.swt.widgets.List(c, SWT.BORDER | SWT.V_SCROLL | SWT.SINGLE);
        GridData ld = new GridData(SWT.FILL, SWT.FILL, true, false, 2, 2);
        ld.heightHint = 90;
        fileList.setLayoutData(ld);
        Button add = new Button(c, SWT.PUSH);
        add.setText("Add...");
        add.setLayoutData(new GridData(SWT.FILL, SWT.TOP, false, false));
        Button remove = new Button(c, SWT.PUSH);
        remove.setText("Remove");
        remove.setLayoutData(new GridData(SWT.FILL, SWT.TOP, false, false));
        new Label(c, SWT.NONE).setText("Frame rate (fps):");
        fps = new Spinner(c, SWT.BORDER);
        fps.setValues(30, 1, 240, 0, 1, 10);
        new Label(c, SWT.NONE);
        new Label(c, SWT.NONE).setText("Up axis:");
        up = new Combo(c, SWT.READ_ONLY);
        up.setItems("detect", "Y", "Z");
        up.select(0);
        new Label(c, SWT.NONE);
        preview = new PosePreview(c);
        GridData pd = new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1);
        pd.heightHint = 220;
        preview.control().setLayoutData(pd);
        status = new Label(c, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
        add.addListener(SWT.Selection, e -> addFiles());
        remove.addListener(SWT.Selection, e -> {
            int i = fileList.getSelectionIndex();
            if (i >= 0) {
                files.remove(i);
                fileList.remove(i);
                validate();
            }
        });
        fileList.addListener(SWT.Selection, e -> previewSelected());
        fps.addListener(SWT.Modify, e -> previewSelected());
        up.addListener(SWT.Selection, e -> previewSelected());
        if (session == null || session.project() == null) {
            setErrorMessage("Open or create a project first (File > Open Project...).");
        }
        setControl(c);
    }

    private void addFiles() {
        FileDialog d = new FileDialog(getShell(), SWT.OPEN | SWT.MULTI);
        d.setFilterExtensions(new String[] { "*.bvh;*.asf;*.amc", "*.*" });
        if (d.open() == null) {
            return;
        }
        for (String name : d.getFileNames()) {
            Path p = Path.of(d.getFilterPath(), name);
            files.add(p);
            fileList.add(p.getFileName().toString());
        }
        fileList.select(files.size() - 1);
        previewSelected();
    }

    /** Adds files without the dialog (tests). */
    void addFiles(List<Path> paths) {
        for (Path p : paths) {
            files.add(p);
            fileList.add(p.getFileName().toString());
        }
        fileList.select(files.size() - 1);
        previewSelected();
    }

    private void previewSelected() {
        validate();
        int i = fileList.getSelectionIndex();
        if (i < 0 || session == null || session.project() == null || getErrorMessage() != null) {
            return;
        }
        try {
            List<ProjectClips.Source> sources = ProjectClips.sources(files.subList(0, i + 1));
            ProjectClips.Source s = sources.get(sources.size() - 1);
            // retargeted with the mapping the import will use (the project's saved one for this skeleton, if any)
            Motion m = ProjectClips.read(session.project(), s, settings(), null);
            preview.play(m, m.name());
            status.setText(String.format(Locale.ROOT, "%s: %d frames at %.0f fps (%.2f s), retargeted onto the character.",
                    m.name(), m.frameCount(), m.fps(), m.duration()));
            setErrorMessage(null);
        } catch (InvalidInputException e) {
            status.setText("");
            setErrorMessage(e.getMessage());
        }
        setPageComplete(getErrorMessage() == null && !files.isEmpty());
    }

    private void validate() {
        if (session == null || session.project() == null) {
            setErrorMessage("Open or create a project first (File > Open Project...).");
            setPageComplete(false);
            return;
        }
        try {
            ProjectClips.sources(files);
            setErrorMessage(null);
            setPageComplete(!files.isEmpty());
        } catch (InvalidInputException e) {
            setErrorMessage(e.getMessage());
            setPageComplete(false);
        }
    }
}
