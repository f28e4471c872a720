package org.clothgraph.playback;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.runtime.Choice;
import org.clothgraph.runtime.Controller;
import org.clothgraph.runtime.PlaybackFrame;
import org.clothgraph.runtime.Player;
import org.clothgraph.runtime.RuntimeDatabase;
import org.clothgraph.sim.body.Body;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * A walk decoded from a runtime database: the initial frame, then one frame per step the controller chooses, with
 * the character posed at each (when a character is given). What the exporters write.
 *
 * @param garment the database's garment
 * @param triangles the cloth's triangles (three vertex indices each)
 * @param fps frames per second of the walk
 * @param frames the decoded frames in walk order (positions in the root frame; see {@link PlaybackCharacter#cloth})
 * @param bodies the posed capsules per frame in the world of the walk (empty without a character)
 */
public record RecordedWalk(String garment, int[] triangles, double fps, List<PlaybackFrame> frames,
        List<Body> bodies) {

    /** Decodes {@code count} frames from the initial state; stops early only at a frame with no way on. */
    public static RecordedWalk record(RuntimeDatabase db, PlaybackCharacter character, Controller controller,
            int count, int decodeThreads, IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Decoding a walk of " + count + " frames", count);
        List<PlaybackFrame> frames = new ArrayList<>(count);
        List<Body> bodies = new ArrayList<>(character == null ? 0 : count);
        WalkPoser poser = character == null ? null : new WalkPoser(character);
        try (Player player = new Player(db, decodeThreads)) {
            PlaybackFrame f = player.current();
            frames.add(f);
            if (poser != null) {
                bodies.add(poser.start(f));
            }
            sub.split(1);
            while (frames.size() < count && !player.choices().isEmpty()) {
                List<Choice> choices = player.choices();
                Choice taken = choices.get(controller.choose(player));
                f = player.advance(taken.index());
                frames.add(f);
                if (poser != null) {
                    bodies.add(poser.next(taken, f));
                }
                sub.split(1);
            }
        }
        return new RecordedWalk(db.garmentName(), db.triangles(), db.fps(), List.copyOf(frames),
                List.copyOf(bodies));
    }

    /** The largest error bound over the walk, mm. */
    public double largestErrorBoundMm() {
        return frames.stream().mapToDouble(PlaybackFrame::errorBoundMm).max().orElse(0);
    }
}
