package org.clothgraph.cli.internal;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.clothgraph.demo.NewProject;
import org.clothgraph.model.InvalidInputException;
import org.clothgraph.model.Project;

/** {@code new}: an empty project of one's own with the generated default character. */
public final class NewCommand extends Command {
    public NewCommand() {
        super("new", "Create an empty project with the generated default character; then import motion and garments.");
        option(Option.value("workspace", "DIR", "the project folder to create: new or empty (required)"));
        option(Option.value("name", "NAME", "the project's name (default: the folder's name)"));
        option(Option.flag("json", "print the new project's stats as JSON"));
    }

    @Override
    protected String usage() {
        return "--workspace DIR [--name NAME] [--json]";
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
        try (Project project = NewProject.create(folder, name)) {
            if (args.flag("json")) {
                JsonOutput.print(out, StatsCommand.stats(project));
            } else {
                out.printf("new project '%s' in %s with the default character; next: clothgraph motion import --workspace %s FILES...%n",
                        name, folder, folder);
            }
        }
        return 0;
    }

    private static boolean isEmpty(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.findAny().isEmpty();
        } catch (java.io.IOException e) {
            throw new InvalidInputException(folder, null, "cannot list the folder: " + e.getMessage());
        }
    }
}
