package org.clothgraph.motion.ui.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.project.ProjectClips;
import org.clothgraph.motion.project.ProjectJointMaps;
import org.clothgraph.motion.retarget.JointMapper;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * The joint mapping of each source skeleton the import reads: for every character joint, the source joint the
 * automatic mapping (or the project's saved mapping of this skeleton) found and how (name, synonym, topology,
 * saved), correctable with a combo; the mapping is saved in the project for the next import of the skeleton.
 */
final class JointMappingPage extends WizardPage {
    static final String NONE = "(none)";
    private final MotionImportPage files;
    /** Per skeleton key: the skeleton, the file it was read from, and the roles as chosen (role -> source joint). */
    private final Map<String, SkeletonMapping> mappings = new LinkedHashMap<>();
    private Combo skeletons;
    private ScrolledComposite scroll;
    private Composite rows;
    private final Map<String, Combo> combos = new LinkedHashMap<>();
    private final Map<String, Label> bases = new LinkedHashMap<>();
    private Button save;
    private Label summary;
    /** Why the files' skeletons could not be read, or null. */
    private String readError;

    /** One source skeleton's mapping: found, and as the user corrected it. */
    static final class SkeletonMapping {
        final String key;
        final Skeleton skeleton;
        final String file;
        final JointMapper.Mapping found;
        final Map<String, String> chosen = new LinkedHashMap<>();

        SkeletonMapping(String key, Skeleton skeleton, String file, JointMapper.Mapping found) {
            this.key = key;
            this.skeleton = skeleton;
            this.file = file;
            this.found = found;
            for (String role : JointMapper.ROLES) {
                chosen.put(role, found.source(role));
            }
        }

        boolean corrected() {
            return JointMapper.ROLES.stream().anyMatch(r -> !java.util.Objects.equals(chosen.get(r), found.source(r)));
        }

        List<String> missingEssentials() {
            return JointMapper.ESSENTIAL.stream().filter(r -> chosen.get(r) == null).toList();
        }
    }

    JointMappingPage(MotionImportPage files) {
        super("mapping");
        this.files = files;
        setTitle("Joint mapping");
        setDescription("Which source joint drives each joint of the character; correct any, and keep it for this skeleton.");
    }

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(2, false));
        new Label(c, SWT.NONE).setText("Skeleton:");
        skeletons = new Combo(c, SWT.READ_ONLY);
        skeletons.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        scroll = new ScrolledComposite(c, SWT.V_SCROLL | SWT.BORDER);
        GridData sd = new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1);
        sd.heightHint = 260;
        scroll.setLayoutData(sd);
        scroll.setExpandHorizontal(true);
        scroll.setExpandVertical(true);
        rows = new Composite(scroll, SWT.NONE);
        GridLayout rl = new GridLayout(3, false);
        rl.verticalSpacing = 2;
        rl.horizontalSpacing = 12;
        rows.setLayout(rl);
        header("Character joint");
        header("Source joint");
        header("Matched by");
        for (String role : JointMapper.ROLES) {
            Label l = new Label(rows, SWT.NONE);
            l.setText(role + (JointMapper.ESSENTIAL.contains(role) ? " *" : ""));
            Combo combo = new Combo(rows, SWT.READ_ONLY);
            combo.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
            Label basis = new Label(rows, SWT.NONE);
            GridData bd = new GridData(SWT.FILL, SWT.CENTER, false, false);
            bd.widthHint = basisWidth();
            basis.setLayoutData(bd);
            combo.addListener(SWT.Selection, e -> chose(role, combo.getText()));
            combos.put(role, combo);
            bases.put(role, basis);
        }
        scroll.setContent(rows);
        scroll.setMinSize(rows.computeSize(SWT.DEFAULT, SWT.DEFAULT));
        save = new Button(c, SWT.CHECK);
        save.setText("Keep this mapping in the project for the next import of this skeleton");
        save.setSelection(true);
        save.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        summary = new Label(c, SWT.WRAP);
        GridData gd = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        gd.widthHint = 500;
        summary.setLayoutData(gd);
        skeletons.addListener(SWT.Selection, e -> show());
        setControl(c);
    }

    private void header(String text) {
        Label h = new Label(rows, SWT.NONE);
        h.setText(text);
        h.setFont(org.eclipse.jface.resource.JFaceResources.getBannerFont());
    }

    @Override
    public void setVisible(boolean visible) {
        if (visible) {
            refresh();
        }
        super.setVisible(visible);
    }

    /** Reads the skeletons of the chosen files (one file per distinct skeleton) and their mappings. */
    void refresh() {
        Project project = files.project();
        if (project == null) {
            return;
        }
        Map<String, SkeletonMapping> found = new LinkedHashMap<>();
        try {
            ProjectClips.Settings settings = files.settings();
            List<Path> read = new ArrayList<>();
            for (ProjectClips.Source s : ProjectClips.sources(files.files())) {
                if (s.amc() != null && read.contains(s.file())) {
                    continue; // the skeleton of an ASF is read once
                }
                read.add(s.file());
                Skeleton sk = ProjectClips.readSource(s, settings).skeleton();
                String key = ProjectJointMaps.key(sk);
                if (!found.containsKey(key)) {
                    SkeletonMapping old = mappings.get(key);
                    found.put(key, old != null ? old : new SkeletonMapping(key, sk, s.file().getFileName().toString(),
                            ProjectClips.mapping(project, sk, settings)));
                }
            }
            readError = null;
        } catch (InvalidInputException e) {
            readError = e.getMessage();
        }
        mappings.clear();
        mappings.putAll(found);
        skeletons.removeAll();
        for (SkeletonMapping m : mappings.values()) {
            skeletons.add(String.format(Locale.ROOT, "%s (%d joints)", m.file, m.skeleton.size()));
        }
        if (!mappings.isEmpty()) {
            skeletons.select(0);
        }
        show();
    }

    private SkeletonMapping current() {
        int i = skeletons.getSelectionIndex();
        return i < 0 ? null : new ArrayList<>(mappings.values()).get(i);
    }

    private void show() {
        SkeletonMapping m = current();
        for (String role : JointMapper.ROLES) {
            Combo combo = combos.get(role);
            combo.removeAll();
            combo.add(NONE);
            if (m != null) {
                m.skeleton.names().forEach(combo::add);
                String chosen = m.chosen.get(role);
                combo.select(chosen == null ? 0 : combo.indexOf(chosen));
            }
            bases.get(role).setText(basis(m, role));
            bases.get(role).setToolTipText(reason(m, role));
        }
        rows.layout(true);
        scroll.setMinSize(rows.computeSize(SWT.DEFAULT, SWT.DEFAULT));
        validate();
    }

    private static String basis(SkeletonMapping m, String role) {
        if (m == null) {
            return "";
        }
        String chosen = m.chosen.get(role);
        if (!java.util.Objects.equals(chosen, m.found.source(role))) {
            return chosen == null ? "cleared by you" : "chosen by you";
        }
        JointMapper.Entry e = m.found.entries().get(role);
        if (e == null) {
            return "not found"; // the mapper's reason is the tooltip
        }
        return switch (e.basis()) {
            case NAME -> "name";
            case SYNONYM -> "synonym";
            case TOPOLOGY -> "topology";
            case GIVEN -> "given map";
            case SAVED -> "saved in the project";
        };
    }

    /** Why a joint was left unmapped (the tooltip of its "not found"), or null. */
    private static String reason(SkeletonMapping m, String role) {
        return m == null || m.found.entries().containsKey(role) ? null : m.found.missing().get(role);
    }

    /** Wide enough for the longest "matched by" text, so none is cut off. */
    private int basisWidth() {
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(rows);
        try {
            int w = 0;
            for (String t : new String[] { "saved in the project", "cleared by you", "chosen by you", "not found" }) {
                w = Math.max(w, gc.textExtent(t).x);
            }
            return w + 4;
        } finally {
            gc.dispose();
        }
    }

    private void chose(String role, String source) {
        SkeletonMapping m = current();
        if (m == null) {
            return;
        }
        m.chosen.put(role, NONE.equals(source) ? null : source);
        bases.get(role).setText(basis(m, role));
        rows.layout(true);
        validate();
    }

    /** Chooses a source joint for a character joint as a user would (tests). */
    void choose(String role, String source) {
        Combo combo = combos.get(role);
        combo.select(combo.indexOf(source == null ? NONE : source));
        combo.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
    }

    /** What the page shows for a character joint: the source joint and how it was matched (tests). */
    String[] row(String role) {
        return new String[] { combos.get(role).getText(), bases.get(role).getText() };
    }

    private void validate() {
        List<String> problems = new ArrayList<>();
        int corrected = 0;
        for (SkeletonMapping m : mappings.values()) {
            if (!m.missingEssentials().isEmpty()) {
                problems.add(m.file + ": no source joint for " + String.join(", ", m.missingEssentials()));
            }
            corrected += m.corrected() ? 1 : 0;
        }
        SkeletonMapping m = current();
        if (m != null) {
            long mapped = m.chosen.values().stream().filter(v -> v != null).count();
            summary.setText(String.format(Locale.ROOT, "%d of %d character joints mapped (* needed for an import)%s.%s",
                    mapped, JointMapper.ROLES.size(), corrected > 0 ? String.format(Locale.ROOT,
                            "; %d skeleton(s) corrected", corrected) : "", m.found.problems().isEmpty() ? ""
                                    : " " + String.join("; ", m.found.problems())));
            summary.getParent().layout(true);
        }
        if (readError != null) {
            problems.add(0, readError);
        }
        setErrorMessage(problems.isEmpty() ? null : String.join("; ", problems));
        setPageComplete(problems.isEmpty());
    }

    boolean keep() {
        return save.getSelection();
    }

    /** The chosen mappings of all skeletons as one table of source joint to character joint (not kept: this import). */
    org.clothgraph.motion.retarget.JointMap chosenTable() {
        Map<String, String> sourceToRole = new LinkedHashMap<>();
        for (SkeletonMapping m : mappings.values()) {
            m.chosen.forEach((role, source) -> {
                if (source != null) {
                    sourceToRole.putIfAbsent(source, role);
                }
            });
        }
        return new org.clothgraph.motion.retarget.JointMap("the wizard's mapping", sourceToRole);
    }

    boolean corrected() {
        return mappings.values().stream().anyMatch(SkeletonMapping::corrected);
    }

    /** The mappings as chosen, per skeleton: the text saved in the project ({@link ProjectJointMaps#format}). */
    Map<String, String> chosenMaps() {
        Map<String, String> out = new LinkedHashMap<>();
        for (SkeletonMapping m : mappings.values()) {
            out.put(m.key, ProjectJointMaps.format(m.skeleton, m.chosen));
        }
        return out;
    }

    /** Whether the page has read the files' skeletons (it reads them when shown). */
    boolean read() {
        return !mappings.isEmpty();
    }
}
