package org.clothgraph.ui.internal;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.character.CharacterImport;
import org.clothgraph.motion.character.ImportedCharacter;
import org.clothgraph.motion.demo.DemoCharacter;
import org.clothgraph.motion.retarget.JointMapper;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The New Project wizard's page: folder, name, and the character: the generated default one or one read from a file
 * (skinned glTF, BVH, ASF), read and mapped in the wizard's progress area and previewed (the mapped skeleton from the
 * front and the side, the joint each role was mapped to and how it was found).
 */
final class NewProjectPage extends WizardPage {
    private Text folder;
    private Text name;
    private Button defaultCharacter;
    private Button fromFile;
    private Text file;
    private Button browseFile;
    private SkeletonPreview preview;
    private Table mapping;
    private Label summary;
    private boolean nameEdited;
    /** The character read from {@link #file}, null while none (or the default) is chosen. */
    private ImportedCharacter character;
    private Path characterRead;
    /** Why the chosen file was refused, null when it was not. */
    private String refusal;

    NewProjectPage() {
        super("newProject");
        setTitle("New Project");
        setDescription("An empty project with the default character or your own: then import motion and garments.");
    }

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(3, false));
        new Label(c, SWT.NONE).setText("&Folder:");
        folder = new Text(c, SWT.BORDER);
        folder.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        folder.setMessage("a new or empty folder");
        Button browseFolder = new Button(c, SWT.PUSH);
        browseFolder.setText("B&rowse...");
        browseFolder.addListener(SWT.Selection, e -> {
            DirectoryDialog d = new DirectoryDialog(getShell());
            d.setMessage("Choose a new or empty folder for the project");
            String s = d.open();
            if (s != null) {
                folder.setText(s);
            }
        });
        new Label(c, SWT.NONE).setText("&Name:");
        name = new Text(c, SWT.BORDER);
        name.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        name.setMessage("the folder's name");

        Group g = new Group(c, SWT.NONE);
        g.setText("Character");
        g.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1));
        g.setLayout(new GridLayout(3, false));
        defaultCharacter = new Button(g, SWT.RADIO);
        defaultCharacter.setText("&Generated default character (1.75 m, 22 joints)");
        defaultCharacter.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        defaultCharacter.setSelection(true);
        fromFile = new Button(g, SWT.RADIO);
        fromFile.setText("From &file:");
        file = new Text(g, SWT.BORDER);
        file.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        file.setMessage("skinned glTF 2.0 (.gltf, .glb), or a BVH or ASF skeleton; Enter reads it");
        browseFile = new Button(g, SWT.PUSH);
        browseFile.setText("Br&owse...");
        browseFile.addListener(SWT.Selection, e -> {
            FileDialog d = new FileDialog(getShell(), SWT.OPEN);
            d.setFilterExtensions(CharacterImport.EXTENSIONS);
            String s = d.open();
            if (s != null) {
                file.setText(s);
                readCharacter();
            }
        });
        file.addListener(SWT.DefaultSelection, e -> readCharacter());
        Composite shown = new Composite(g, SWT.NONE);
        shown.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1));
        GridLayout sl = new GridLayout(2, false);
        sl.marginWidth = 0;
        shown.setLayout(sl);
        preview = new SkeletonPreview(shown);
        preview.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        mapping = new Table(shown, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        mapping.setHeaderVisible(true);
        mapping.setLinesVisible(true);
        for (String h : new String[] {"Role", "Joint in the file", "Found by"}) {
            new TableColumn(mapping, SWT.NONE).setText(h);
        }
        GridData td = new GridData(SWT.FILL, SWT.FILL, false, true);
        td.widthHint = 360;
        mapping.setLayoutData(td);
        summary = new Label(g, SWT.WRAP);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));

        folder.addListener(SWT.Modify, e -> {
            if (!nameEdited) {
                Path p = folderPath();
                name.setText(p == null || p.getFileName() == null ? "" : p.getFileName().toString());
                nameEdited = false;
            }
            validate();
        });
        name.addListener(SWT.Modify, e -> {
            nameEdited = name.isFocusControl();
            validate();
        });
        defaultCharacter.addListener(SWT.Selection, e -> characterChoiceChanged());
        fromFile.addListener(SWT.Selection, e -> characterChoiceChanged());
        file.addListener(SWT.Modify, e -> {
            character = null;
            characterRead = null;
            refusal = null;
            validate();
        });
        characterChoiceChanged();
        setControl(c);
    }

    private void characterChoiceChanged() {
        boolean own = fromFile.getSelection();
        file.setEnabled(own);
        browseFile.setEnabled(own);
        showCharacter();
        validate();
    }

    /** Reads and maps the chosen file in the wizard's progress area (cancellable); a refused file is the page's error. */
    void readCharacter() {
        Path f = filePath();
        if (f == null) {
            return;
        }
        character = null;
        characterRead = null;
        ImportedCharacter[] read = new ImportedCharacter[1];
        String[] error = new String[1];
        try {
            getContainer().run(true, true, m -> {
                try {
                    read[0] = CharacterImport.read(f, m);
                } catch (InvalidInputException e) {
                    error[0] = e.getMessage();
                } catch (OperationCanceledException e) {
                    throw new InterruptedException("cancelled");
                }
            });
        } catch (InvocationTargetException e) {
            error[0] = "cannot read " + f + ": " + e.getCause();
        } catch (InterruptedException e) {
            error[0] = null;
        }
        character = read[0];
        characterRead = character == null ? null : f;
        refusal = error[0];
        showCharacter();
        validate();
        if (error[0] != null) {
            setErrorMessage(error[0]);
        }
    }

    private void showCharacter() {
        mapping.removeAll();
        if (fromFile.getSelection() && character == null) {
            preview.show(null, Set.of(), null);
            summary.setText(filePath() == null ? "Choose a character file."
                    : refusal != null ? "The file was refused (the message above says why); choose another."
                    : "Press Enter in the file field to read it.");
        } else if (fromFile.getSelection()) {
            Set<String> mapped = new HashSet<>();
            for (String role : JointMapper.ROLES) {
                TableItem it = new TableItem(mapping, SWT.NONE);
                JointMapper.Entry e = character.mapping().entries().get(role);
                if (e != null) {
                    mapped.add(role);
                    it.setText(new String[] {role, e.source(), e.basis().name().toLowerCase(Locale.ROOT)});
                } else {
                    it.setText(new String[] {role, "-", "placed between neighbours"});
                }
            }
            preview.show(character.skeleton(), mapped, character.skin());
            summary.setText(String.format(Locale.ROOT, "%s: %d joints in the file, %d of %d roles mapped; %s; %.2f m tall.",
                    character.name(), character.source().size(), mapped.size(), JointMapper.ROLES.size(),
                    character.skin() == null ? "surface generated from the skeleton"
                            : String.format(Locale.ROOT, "own surface of %,d vertices and %,d triangles",
                                    character.skin().vertexCount(), character.skin().triangleCount()),
                    character.skin() == null ? character.skeleton().restHeight()
                            : character.skin().highestY() - character.skin().lowestY()));
        } else {
            for (String role : JointMapper.ROLES) {
                new TableItem(mapping, SWT.NONE).setText(new String[] {role, role, "generated"});
            }
            preview.show(DemoCharacter.skeleton(), Set.copyOf(JointMapper.ROLES), null);
            summary.setText("The generated default character: its surface is generated from its skeleton.");
        }
        // the table as wide as its columns (each as wide as its widest text, measured here: GTK packs columns late),
        // the preview takes the rest
        int columns = 0;
        GC gc = new GC(mapping);
        try {
            TableColumn[] cols = mapping.getColumns();
            for (int c = 0; c < cols.length; c++) {
                int w = gc.textExtent(cols[c].getText()).x;
                for (TableItem it : mapping.getItems()) {
                    w = Math.max(w, gc.textExtent(it.getText(c)).x);
                }
                cols[c].setWidth(w + 24);
                columns += w + 24;
            }
        } finally {
            gc.dispose();
        }
        int chrome = mapping.computeTrim(0, 0, 0, 0).width + mapping.getVerticalBar().getSize().x;
        GridData td = new GridData(SWT.FILL, SWT.FILL, false, true);
        td.widthHint = Math.max(360, columns + chrome);
        mapping.setLayoutData(td);
        mapping.getParent().layout(true, true);
        summary.getParent().layout(true, true);
    }

    private void validate() {
        String error = null;
        Path p = folderPath();
        if (p == null) {
            error = folder.getText().isBlank() ? null : "The folder is not a valid path.";
        } else if (Files.isRegularFile(p)) {
            error = p + " is a file, not a folder.";
        } else if (Files.isDirectory(p) && !isEmpty(p)) {
            error = Project.isProject(p) ? p + " already holds a project." : p + " is not empty.";
        } else if (name.getText().isBlank()) {
            error = "Give the project a name.";
        }
        boolean characterReady = !fromFile.getSelection() || (character != null && filePath() != null
                && filePath().equals(characterRead));
        setErrorMessage(error);
        setPageComplete(error == null && p != null && characterReady);
    }

    private Path folderPath() {
        String s = folder.getText().strip();
        if (s.isEmpty()) {
            return null;
        }
        try {
            return Path.of(s).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private Path filePath() {
        String s = file.getText().strip();
        try {
            return s.isEmpty() ? null : Path.of(s).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static boolean isEmpty(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    // ---- for the wizard and tests

    Path folder() {
        return folderPath();
    }

    String projectName() {
        return name.getText().strip();
    }

    /** The chosen character, null for the default one. */
    ImportedCharacter character() {
        return fromFile.getSelection() ? character : null;
    }

    void setFolder(String s) {
        folder.setText(s);
    }

    void setCharacterFile(String s) {
        fromFile.setSelection(true);
        defaultCharacter.setSelection(false);
        characterChoiceChanged();
        file.setText(s);
    }

    Table mappingTable() {
        return mapping;
    }

    SkeletonPreview preview() {
        return preview;
    }

    String summary() {
        return summary.getText();
    }
}
