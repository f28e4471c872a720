package org.clothgraph.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.clothgraph.cloth.DressingRun;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.ClothTransition;
import org.clothgraph.model.GarmentInfo;
import org.clothgraph.model.MergeRecord;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.model.Project;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Vec3;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.sim.ClothState;

/**
 * Where the explored graph changes class (hood up or down): every secondary transition counted by the classes of its
 * source and target states, simulated and merged apart (a merged transition's class change is a merge across classes,
 * not something the cloth did), over the whole graph and inside each dressing clip; and, for each dressing clip, the
 * simulated trajectories through its grips: from each cloth state at the clip's first Grip frame forward along
 * simulated transitions over the clip's own frames (a dead end merged away continues the transition it was simulated
 * along) to where the trajectory ends, by the classes at both ends, with how far the hand was from the patch.
 */
public final class ClassFlips {
    private ClassFlips() {
    }

    /** Transitions from class {@code from} to class {@code to}. */
    public record Count(String from, String to, long simulated, long merged) {
    }

    /**
     * One simulated trajectory through a dressing clip: from the cloth state at the clip's first Grip frame, along
     * simulated transitions over the clip's own frames, to where it ends (the clip's last frame in the primary graph,
     * or a dead end merged away); {@code palmToPatchMm} is how far the gripping hand's palm was from the grip patch's
     * centroid in the source state (the hand closes within the queue's reach).
     */
    public record Trajectory(long source, String sourceClass, long end, int endFrame, String endClass,
            double palmToPatchMm) {
    }

    /**
     * The trajectories through one dressing clip: {@code chains} counts them by "source class -> end class" for those
     * that end after the clip's last Release ({@code endedBeforeRelease} the others), {@code reachMm} the grip's reach,
     * {@code edges} the class changes of transitions inside the clip.
     */
    public record DressingClip(String clip, int gripFrame, int releaseFrame, int lastFrame, double reachMm,
            Map<String, Long> chains, long endedBeforeRelease, List<Trajectory> trajectories, List<Count> edges) {
    }

    public record Report(List<Count> edges, List<DressingClip> dressingClips) {
    }

    public static Report of(Project project, GarmentInfo garment) {
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(project);
        int window = ProjectPrimaryGraph.options(project, Double.NaN, 0).window();
        Map<Long, ClothStateRecord> states = new HashMap<>();
        for (ClothStateRecord s : project.secondary().states()) {
            if (s.garmentId() == garment.id()) {
                states.put(s.id(), s);
            }
        }
        Map<Long, Long> deadEndOf = new HashMap<>(); // merged transition -> the dead end it was simulated to
        for (MergeRecord m : project.secondary().merges()) {
            if (m.deadEndState() > 0 && states.containsKey(m.deadEndState())) {
                deadEndOf.put(m.transitionId(), m.deadEndState());
            }
        }
        List<ClothTransition> transitions = new ArrayList<>();
        for (ClothTransition t : project.secondary().transitions()) {
            if (states.containsKey(t.from()) && states.containsKey(t.to())) {
                transitions.add(t);
            }
        }
        List<Count> all = counts(transitions, states, null, snapshot);
        List<DressingClip> clips = new ArrayList<>();
        for (ClipInfo c : snapshot.clips()) {
            List<DressingRun.ClipGrip> grips = DressingRun.clipGrips(project, c.name(), c.frameCount());
            if (grips.isEmpty()) {
                continue;
            }
            DressingRun.ClipGrip firstGrip = grips.stream().min((x, y) -> Integer.compare(x.from(), y.from())).get();
            int grip = firstGrip.from();
            int release = grips.stream().mapToInt(DressingRun.ClipGrip::until).max().getAsInt();
            int last = -1;
            for (int f = c.frameCount() - 1; f >= 0 && last < 0; f--) {
                if (snapshot.nodeAt(c.id(), f) != null) {
                    last = f;
                }
            }
            // the simulated successor of each state along the clip's own frames
            Map<Long, Long> next = new HashMap<>();
            for (ClothTransition t : transitions) {
                ClothStateRecord a = states.get(t.from());
                Long to = t.merged() ? deadEndOf.get(t.id()) : Long.valueOf(t.to());
                ClothStateRecord b = to == null ? null : states.get(to);
                int fa = frame(snapshot, a, c.id());
                if (b != null && fa >= 0 && frame(snapshot, b, c.id()) == fa + 1) {
                    next.put(a.id(), b.id());
                }
            }
            Map<String, Long> chains = new TreeMap<>();
            List<Trajectory> trajectories = new ArrayList<>();
            long before = 0;
            PrimaryNode at = snapshot.nodeAt(c.id(), grip);
            PrimaryNode after = snapshot.nodeAt(c.id(), grip + 1);
            if (at != null && after != null) {
                Motion played = PrimaryPath.along(snapshot, List.of(at, after), window).motion();
                List<ClothStateRecord> sources = states.values().stream().filter(s -> s.primaryNode() == at.id())
                        .sorted((x, y) -> Long.compare(x.id(), y.id())).toList();
                for (ClothStateRecord s : sources) {
                    ClothStateRecord e = s;
                    while (next.containsKey(e.id())) {
                        e = states.get(next.get(e.id()));
                    }
                    int endFrame = frame(snapshot, e, c.id());
                    trajectories.add(new Trajectory(s.id(), s.classes(), e.id(), endFrame, e.classes(),
                            palmToPatch(project, played, s, firstGrip) * 1000));
                    if (endFrame > release) {
                        chains.merge(s.classes() + " -> " + e.classes(), 1L, Long::sum);
                    } else {
                        before++;
                    }
                }
            }
            clips.add(new DressingClip(c.name(), grip, release, last, firstGrip.reach() * 1000, chains, before,
                    trajectories, counts(transitions, states, c.id(), snapshot)));
        }
        return new Report(all, clips);
    }

    /** The palm's distance from the grip patch's centroid in state s at the first frame of {@code played} (m). */
    private static double palmToPatch(Project project, Motion played, ClothStateRecord s, DressingRun.ClipGrip g) {
        var frame = project.frames().read(s.frameId());
        ClothState world = RootFrame.of(played, 0).toWorld(new ClothState(frame.positions(), frame.velocities()));
        float[] x = world.positions();
        double cx = 0, cy = 0, cz = 0;
        for (int v : g.vertices()) {
            cx += x[3 * v];
            cy += x[3 * v + 1];
            cz += x[3 * v + 2];
        }
        int n = g.vertices().length;
        int wrist = played.skeleton().indexOf(g.hand().wristJoint);
        Vec3 end = played.skeleton().joint(wrist).endSite();
        Vec3 palm = played.worldPositions(0)[wrist].add(played.worldRotations(0)[wrist].rotate(
                end == null ? new Vec3(0, 0, 0) : end.scale(0.3)));
        return palm.distance(new Vec3(cx / n, cy / n, cz / n));
    }

    /** The frame of the state's node in clip {@code clip}, or -1 when its node is in another clip. */
    private static int frame(PrimaryGraphSnapshot snapshot, ClothStateRecord s, long clip) {
        PrimaryNode n = snapshot.node(s.primaryNode());
        return n == null || n.clipId() != clip ? -1 : n.frame();
    }

    /** Transitions by (source class, target class); only those with both states in {@code clip} when not null. */
    private static List<Count> counts(List<ClothTransition> transitions, Map<Long, ClothStateRecord> states, Long clip,
            PrimaryGraphSnapshot snapshot) {
        Map<String, long[]> n = new TreeMap<>();
        for (ClothTransition t : transitions) {
            ClothStateRecord a = states.get(t.from()), b = states.get(t.to());
            if (clip != null && (frame(snapshot, a, clip) < 0 || frame(snapshot, b, clip) < 0)) {
                continue;
            }
            n.computeIfAbsent(a.classes() + "\u0000" + b.classes(), k -> new long[2])[t.merged() ? 1 : 0]++;
        }
        List<Count> out = new ArrayList<>();
        for (Map.Entry<String, long[]> e : n.entrySet()) {
            String[] k = e.getKey().split("\u0000", -1);
            out.add(new Count(k[0], k[1], e.getValue()[0], e.getValue()[1]));
        }
        return out;
    }
}
