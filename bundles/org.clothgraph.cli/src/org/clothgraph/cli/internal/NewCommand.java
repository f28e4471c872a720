package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.clothgraph.demo.NewProject;
import org.clothgraph.motion.character.CharacterImport;
import org.clothgraph.motion.character.ImportedCharacter;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;

/** {@code new}: an empty project of one's own with the generated default character. */
public final class NewCommand extends Command {
    public NewCommand() {
        super("new", "Create an empty project with the generated default character or your own; then import motion and garments.");
        option(Option.value("workspace", "DIR", "the project folder to create: new or empty (required)"));
        option(Option.value("name", "NAME", "the project's name (default: the folder's name)"));
        option(Option.value("character", "FILE", "the character: a skinned glTF 2.0 (.gltf, .glb: mesh, skin, joints; metres)"
                + " or a BVH/ASF skeleton (its surface generated); joints mapped automatically, --verbose prints the mapping"
                + " (default: the generated default character)"));
        option(Option.flag("json", "print the new project's stats as JSON"));
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--name NAME] [--character FILE] [--json]";
    }

    @Override
    public int run(Args args, PrintStream out, PrintStream err) {
        Path folder = args.requiredPath("workspace").toAbsolutePath().normalize();
        if (Files.isRegularFile(folder)) {
            throw new InvalidInputException(folder, null, "is a file, not a folder");
        }
        if (Files.isDirectory(folder) && !isEmpty(folder)) {
            throw new InvalidInputException(folder, null, Project.isProject(folder)
                    ? "a project already exists here; open it or choose another folder"
                    : "folder is not empty; choose a new or empty folder");
        }
        String name = args.value("name").orElse(folder.getFileName() == null ? "project" : folder.getFileName().toString());
        Path characterFile = args.value("character").map(f -> Path.of(f).toAbsolutePath().normalize()).orElse(null);
        ImportedCharacter character = characterFile == null ? null
                : CharacterImport.read(characterFile, new ConsoleProgressMonitor(err).cancelOnShutdown());
        if (character != null && args.flag("verbose")) {
            (args.flag("json") ? err : out).printf("joint mapping of %s:%n%s", characterFile.getFileName(),
                    character.mapping().describe());
        }
        try (Project project = NewProject.create(folder, name, character, null)) {
            if (args.flag("json")) {
                Map<String, Object> stats = new LinkedHashMap<>(StatsCommand.stats(project));
                if (character != null) {
                    stats.put("character", characterJson(character));
                }
                JsonOutput.print(out, stats);
            } else if (character == null) {
                out.printf("new project '%s' in %s with the default character; next: clothgraph motion import --workspace %s FILES...%n",
                        name, folder, folder);
            } else {
                out.printf("new project '%s' in %s with character '%s' from %s: %d source joints mapped onto %d roles, %s;"
                        + " next: clothgraph motion import --workspace %s FILES...%n", name, folder, character.name(),
                        characterFile.getFileName(), character.source().size(), character.mapping().entries().size(),
                        character.skin() == null ? "surface generated from the skeleton"
                                : character.skin().vertexCount() + " surface vertices, " + character.skin().triangleCount()
                                        + " triangles",
                        folder);
            }
        }
        return 0;
    }

    private static Map<String, Object> characterJson(ImportedCharacter c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", c.name());
        m.put("file", c.file().toString());
        m.put("sourceJoints", c.source().size());
        Map<String, String> roles = new LinkedHashMap<>();
        c.mapping().entries().values().forEach(e -> roles.put(e.role(), e.source()));
        m.put("jointMap", roles);
        m.put("joints", c.skeleton().size());
        m.put("heightMetres", c.skeleton().restHeight());
        m.put("surfaceVertices", c.skin() == null ? null : c.skin().vertexCount());
        m.put("surfaceTriangles", c.skin() == null ? null : c.skin().triangleCount());
        return m;
    }

    private static boolean isEmpty(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.findAny().isEmpty();
        } catch (java.io.IOException e) {
            throw new InvalidInputException(folder, null, "cannot list the folder: " + e.getMessage());
        }
    }
}
