package org.clothgraph.motion.character;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.internal.TextInput;
import org.clothgraph.motion.io.AsfAmcReader;
import org.clothgraph.motion.io.BvhReader;
import org.clothgraph.motion.io.ImportOptions;
import org.clothgraph.motion.project.ProjectCharacter;
import org.clothgraph.motion.retarget.JointMapper;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * The core operation behind {@code clothgraph new --character FILE} and the New Project wizard: reads a skinned glTF
 * 2.0 character (.gltf, .glb), or a BVH or ASF skeleton (its surface generated from its body capsules as for the demo
 * character), maps its joints with the product's automatic joint mapping, builds the character ({@link CharacterRig})
 * and stores it in a project. Every refusal is bad input naming the file and the field.
 */
public final class CharacterImport {
    private CharacterImport() {
    }

    /** File name endings this operation reads. */
    public static final String[] EXTENSIONS = {"*.gltf;*.glb;*.bvh;*.asf", "*.gltf", "*.glb", "*.bvh", "*.asf"};

    /** Reads and maps a character file (nothing is stored). */
    public static ImportedCharacter read(Path file, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Reading character " + file.getFileName(), 3);
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file, null, "no such file");
        }
        CharacterSource src = source(file);
        sub.worked(1);
        sub.subTask("Mapping the joints of " + file.getFileName());
        JointMapper.Mapping mapping = JointMapper.map(src.skeleton());
        sub.worked(1);
        sub.checkCanceled();
        ImportedCharacter c = CharacterRig.build(src, mapping);
        sub.worked(1);
        return c;
    }

    /** Makes {@code character} the project's character, with its skinned surface when it has one. */
    public static void store(Project project, ImportedCharacter character, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Storing character " + character.name(), 1);
        ProjectCharacter.set(project, character.name(), character.skeleton(), character.skin());
        sub.worked(1);
    }

    /** Reads, maps and stores (see {@link #read} and {@link #store}). */
    public static ImportedCharacter importInto(Project project, Path file, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, 10);
        ImportedCharacter c = read(file, sub.split(8));
        store(project, c, sub.split(2));
        return c;
    }

    static CharacterSource source(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (GltfCharacterReader.handles(file)) {
            return GltfCharacterReader.read(file);
        }
        Motion m;
        if (n.endsWith(".bvh")) {
            m = BvhReader.read(file, ImportOptions.NATIVE_RATE);
        } else if (n.endsWith(".asf")) {
            // the ASF's skeleton alone: an AMC of one frame in the rest pose (zero on every degree of freedom)
            String asf = TextInput.readFile(file);
            m = AsfAmcReader.read(file.toString(), asf, file + " (rest pose)", restPose(asf), AsfAmcReader.DEFAULT_AMC_FPS,
                    ImportOptions.NATIVE_RATE);
        } else {
            throw new InvalidInputException(file, null, "not a character file: expected .gltf, .glb, .bvh or .asf");
        }
        String name = file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        return new CharacterSource(file, name, m.skeleton(), m.skeleton().restPositions(), null);
    }

    /** One AMC frame with zeros for the root's order and every bone's dof line of an ASF text. */
    private static String restPose(String asf) {
        StringBuilder amc = new StringBuilder(":FULLY-SPECIFIED\n:DEGREES\n1\n");
        String section = "", bone = null;
        int dofs = 0;
        for (String raw : asf.split("\\R")) {
            String line = raw.strip();
            String[] t = line.split("\\s+");
            if (line.startsWith(":")) {
                section = t[0];
                continue;
            }
            if (section.equals(":root") && t[0].equals("order")) {
                amc.append("root").append(" 0".repeat(t.length - 1)).append('\n');
            } else if (section.equals(":bonedata")) {
                switch (t[0]) {
                    case "begin" -> { bone = null; dofs = 0; }
                    case "name" -> bone = t.length > 1 ? t[1] : null;
                    case "dof" -> dofs = t.length - 1;
                    case "end" -> {
                        if (bone != null && dofs > 0) {
                            amc.append(bone).append(" 0".repeat(dofs)).append('\n');
                        }
                    }
                    default -> { }
                }
            }
        }
        return amc.toString();
    }
}
