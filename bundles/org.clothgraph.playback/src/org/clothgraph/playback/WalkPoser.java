package org.clothgraph.playback;

import org.clothgraph.runtime.Choice;
import org.clothgraph.runtime.PlaybackFrame;
import org.clothgraph.sim.body.Body;

/**
 * Poses the character along a walk as it is played, frame by frame: at a state's frame the body of its primary node;
 * inside a blended primary transition (no node: {@link PlaybackFrame#primaryNode()} is -1) the body of the blended
 * motion from the node last landed on to the one the choice taken heads for. Both in the world of the walk.
 */
public final class WalkPoser {
    private final PlaybackCharacter character;
    private long from = -1;
    private long to = -1;
    private int inner = -1;

    public WalkPoser(PlaybackCharacter character) {
        this.character = character;
    }

    public PlaybackCharacter character() {
        return character;
    }

    /** The body at the first frame of a walk (a state's frame). */
    public Body start(PlaybackFrame first) {
        from = first.primaryNode();
        to = -1;
        inner = -1;
        return PlaybackCharacter.inWorld(first, character.atNode(from));
    }

    /** The body at the frame the player decoded after following {@code taken} (a choice of the previous frame). */
    public Body next(Choice taken, PlaybackFrame f) {
        if (f.primaryNode() >= 0) {
            from = f.primaryNode();
            to = -1;
            inner = -1;
            return PlaybackCharacter.inWorld(f, character.atNode(from));
        }
        if (inner < 0) {
            to = taken.toPrimaryNode();
        }
        inner++;
        return PlaybackCharacter.inWorld(f, character.inTransition(from, to, inner));
    }
}
