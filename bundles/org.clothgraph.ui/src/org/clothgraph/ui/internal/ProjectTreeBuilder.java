package org.clothgraph.ui.internal;

import java.util.Map;

import org.clothgraph.model.CharacterInfo;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.CompressedDatabaseInfo;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.PrimaryGraph;
import org.clothgraph.model.Project;
import org.clothgraph.model.ProjectSummary;
import org.clothgraph.ui.internal.ProjectNode.Kind;

/** Builds the project tree snapshot from the model; called off the UI thread is fine (reads only). */
final class ProjectTreeBuilder {
    private ProjectTreeBuilder() {
    }

    static ProjectNode build(Project project) {
        ProjectSummary s = project.summary();
        ProjectNode root = new ProjectNode(Kind.PROJECT, s.name(), project)
                .property("folder", project.folder())
                .property("format version", s.formatVersion());

        CharacterInfo ch = project.character().orElse(null);
        root.add(ch == null ? new ProjectNode(Kind.CHARACTER, "Character (none)", null)
                : new ProjectNode(Kind.CHARACTER, "Character: " + ch.name(), ch).property("name", ch.name())
                        .property("skeleton", ch.skeletonFile()).property("body", ch.bodyFile())
                        .property("joints", ch.joints()).property("height (m)", ch.heightMetres()));

        ProjectNode garments = new ProjectNode(Kind.FOLDER, "Garments (" + s.garments().size() + ")", null);
        for (GarmentInfo g : project.garments()) {
            garments.add(new ProjectNode(Kind.GARMENT, g.name(), g).property("mesh", g.meshFile())
                    .property("vertices", g.vertexCount()).property("vertex groups", String.join(", ",
                            g.vertexGroups().keySet())).property("material", g.materialJson()));
        }
        root.add(garments);

        ProjectNode clips = new ProjectNode(Kind.FOLDER, "Motion clips (" + s.clipNames().size() + ")", null);
        for (ClipInfo c : project.clips()) {
            clips.add(new ProjectNode(Kind.CLIP, c.name() + (c.excluded() ? " (excluded)" : ""), c)
                    .property("file", c.file()).property("frames", c.frameCount()).property("fps", c.fps())
                    .property("duration (s)", String.format("%.2f", c.durationSeconds()))
                    .property("excluded", c.excluded()));
        }
        root.add(clips);

        PrimaryGraph g = project.primaryGraph();
        root.add(new ProjectNode(Kind.PRIMARY_GRAPH, "Primary graph (" + s.primaryNodes() + " poses, "
                + s.primaryTransitions() + " transitions)", g)
                .property("nodes", s.primaryNodes()).property("edges", s.primaryEdges())
                .property("transitions", s.primaryTransitions()).property("strongly connected", g.isStronglyConnected())
                .property("pruned nodes", g.prunedNodes()));

        root.add(new ProjectNode(Kind.SECONDARY_GRAPH, "Secondary graph (" + s.secondaryStates() + " states)", null)
                .property("states", s.secondaryStates()).property("transitions", s.secondaryTransitions())
                .property("dead ends", s.deadEnds()).property("merges", s.merges())
                .property("queued merges", s.queuedMerges()));

        Map<String, String> runReports = project.settings("runs");
        ProjectNode runs = new ProjectNode(Kind.FOLDER, "Simulation runs (" + runReports.size() + ")", null);
        for (Map.Entry<String, String> e : runReports.entrySet()) {
            runs.add(new ProjectNode(Kind.SETTING, e.getKey(), null).property("report", e.getValue()));
        }
        root.add(runs);

        root.add(new ProjectNode(Kind.FRAMES, String.format("Frame store (%d frames, %.1f MB)", s.framesStored(),
                s.frameBytes() / 1e6), null).property("frames", s.framesStored()).property("bytes", s.frameBytes()));

        ProjectNode dbs = new ProjectNode(Kind.FOLDER, "Compressed databases (" + s.databases() + ")", null);
        for (CompressedDatabaseInfo d : project.databases()) {
            dbs.add(new ProjectNode(Kind.DATABASE, d.name(), d).property("file", d.file())
                    .property("basis vectors", d.basisVectors()).property("bytes", d.bytes()));
        }
        root.add(dbs);

        ProjectNode settings = new ProjectNode(Kind.FOLDER, "Settings", null);
        // the scopes of plain settings (the compression scope holds each database's report, shown above; the
        // exploration's settings are in the Exploration view)
        for (String scope : new String[] { "project", "simulator", "motiongraph" }) {
            for (Map.Entry<String, String> e : project.settings(scope).entrySet()) {
                settings.add(new ProjectNode(Kind.SETTING, scope + "." + e.getKey() + " = " + e.getValue(), null)
                        .property("scope", scope).property("key", e.getKey()).property("value", e.getValue()));
            }
        }
        root.add(settings);
        return root;
    }
}
