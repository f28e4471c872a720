package org.clothgraph.cloth;

import java.util.ArrayList;
import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.sim.body.Body;
import org.clothgraph.sim.body.BodyMotion;

/**
 * The character body following a motion: capsules are posed at every motion frame once, and
 * interpolated linearly between frames (a pure function of t, as the simulator requires). Its bind pose is the
 * character's fitting pose, whatever the motion, so every run of a character collides with the same surface.
 */
public final class CharacterBodyMotion implements BodyMotion {
    private final double fps;
    private final List<Body> frames;
    private final Body bind;

    public CharacterBodyMotion(CharacterBody body, Motion motion) {
        this.fps = motion.fps();
        List<Body> posed = new ArrayList<>(motion.frameCount());
        for (int f = 0; f < motion.frameCount(); f++) {
            posed.add(body.pose(motion, f));
        }
        this.frames = posed;
        this.bind = body.bindPose();
    }

    @Override
    public Body bindPose() {
        return bind;
    }

    @Override
    public Body poseAt(double t) {
        double x = Math.max(0, Math.min(frames.size() - 1, t * fps));
        int i = (int) Math.floor(x);
        if (i >= frames.size() - 1) {
            return frames.get(frames.size() - 1);
        }
        double w = x - i;
        if (w == 0) {
            return frames.get(i);
        }
        return Body.lerp(frames.get(i), frames.get(i + 1), w);
    }

    @Override
    public double startTime() {
        return 0;
    }

    @Override
    public double endTime() {
        return (frames.size() - 1) / fps;
    }

    public int frameCount() {
        return frames.size();
    }

    public double fps() {
        return fps;
    }

    /** The posed body at a motion frame. */
    public Body frame(int f) {
        return frames.get(f);
    }
}
