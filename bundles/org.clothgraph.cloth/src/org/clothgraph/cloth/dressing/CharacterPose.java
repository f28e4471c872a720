package org.clothgraph.cloth.dressing;

import java.util.List;

import org.clothgraph.motion.Motion;
import org.clothgraph.motion.Quat;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * The character's kinematic state while it dresses: root position and every joint's local rotation (joint
 * translations are the skeleton's offsets), with forward kinematics. Mutable; {@link #copy()} before keeping one.
 */
final class CharacterPose {
    final Skeleton skeleton;
    Vec3 root;
    final Quat[] local;

    CharacterPose(Skeleton skeleton, Vec3 root, Quat[] local) {
        this.skeleton = skeleton;
        this.root = root;
        this.local = local.clone();
    }

    /** The pose at one frame of a motion on the skeleton. */
    static CharacterPose of(Motion m, int frame) {
        Quat[] q = new Quat[m.skeleton().size()];
        for (int j = 0; j < q.length; j++) {
            q[j] = m.rotation(frame, j);
        }
        return new CharacterPose(m.skeleton(), m.rootPosition(frame), q);
    }

    CharacterPose copy() {
        return new CharacterPose(skeleton, root, local);
    }

    Quat[] worldRotations() {
        Quat[] w = new Quat[local.length];
        for (int j = 0; j < w.length; j++) {
            w[j] = j == 0 ? local[0] : w[skeleton.parent(j)].mul(local[j]);
        }
        return w;
    }

    Vec3[] worldPositions() {
        Quat[] w = worldRotations();
        Vec3[] p = new Vec3[local.length];
        for (int j = 0; j < p.length; j++) {
            p[j] = j == 0 ? root : p[skeleton.parent(j)].add(w[skeleton.parent(j)].rotate(skeleton.offset(j)));
        }
        return p;
    }

    /** The body's horizontal frame: forward (the root's heading applied to +Z) and left (+X), both unit, Y up. */
    Vec3[] heading() {
        Vec3 f = local[0].rotate(new Vec3(0, 0, 1));
        f = new Vec3(f.x(), 0, f.z());
        if (f.length() < 1e-6) {
            f = new Vec3(0, 0, 1);
        }
        f = f.normalized();
        Vec3 left = new Vec3(0, 1, 0).cross(f).normalized();
        return new Vec3[] { f, left };
    }

    /** The poses as a motion at {@code fps}. */
    static Motion toMotion(String name, List<CharacterPose> poses, double fps) {
        Skeleton s = poses.get(0).skeleton;
        Motion.Builder b = new Motion.Builder(name, s, fps, poses.size());
        for (int f = 0; f < poses.size(); f++) {
            CharacterPose p = poses.get(f);
            b.setRoot(f, p.root);
            for (int j = 0; j < s.size(); j++) {
                b.setRotation(f, j, p.local[j]);
            }
        }
        return b.build();
    }

    /** This pose alone as a one-frame motion (what the character's body is posed from). */
    Motion asMotion(double fps) {
        return toMotion("pose", List.of(this), fps);
    }
}
