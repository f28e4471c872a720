package org.clothgraph.retarget;

import java.util.List;

import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;

/** Differentiable forward kinematics of the foot points on DJL arrays (only the chains from the hips to the feet). */
final class Kinematics {
    private Kinematics() {
    }

    /**
     * Height above the ground of the lowest foot point (height minus lift) per frame: rotations (W, T, J, 4) of the
     * skeleton's joints, root positions (W, T, 3); result (W, T).
     */
    static NDArray lowestFootHeight(NDArray rot, NDArray root, Skeleton s, FootPoints feet) {
        NDArray[] pos = footPositions(rot, root, s, feet);
        NDList heights = new NDList();
        for (int i = 0; i < pos.length; i++) {
            heights.add(pos[i].get(":, :, 1:2").sub(Djl.scalar(pos[i], feet.points().get(i).lift())));
        }
        return NDArrays.concat(heights, 2).min(new int[] {2});
    }

    /**
     * World positions of the foot points: rotations (W, T, J, 4), root positions (W, T, 3); result (W, T, points, 3) in
     * metres.
     */
    static NDArray footPoints(NDArray rot, NDArray root, Skeleton s, FootPoints feet) {
        NDList out = new NDList();
        for (NDArray pos : footPositions(rot, root, s, feet)) {
            out.add(pos.expandDims(2));
        }
        return NDArrays.concat(out, 2);
    }

    /** Each foot point's world positions (W, T, 3), by forward kinematics along the chains from the root to it. */
    private static NDArray[] footPositions(NDArray rot, NDArray root, Skeleton s, FootPoints feet) {
        int n = s.size();
        NDArray[] q = new NDArray[n], p = new NDArray[n];
        boolean[] needed = new boolean[n];
        for (FootPoints.Point pt : feet.points()) {
            for (int j = pt.joint(); j >= 0; j = s.parent(j)) needed[j] = true;
        }
        for (int j = 0; j < n; j++) {
            if (!needed[j]) continue;
            NDArray local = rot.get(":, :, " + j + ", :");
            if (j == 0) {
                q[j] = local;
                p[j] = root;
            } else {
                int par = s.parent(j);
                q[j] = QuatNd.mul(q[par], local);
                p[j] = p[par].add(QuatNd.rotate(q[par], vec(rot, s.offset(j))));
            }
        }
        NDArray[] out = new NDArray[feet.points().size()];
        for (int i = 0; i < out.length; i++) {
            FootPoints.Point pt = feet.points().get(i);
            NDArray pos = p[pt.joint()];
            if (pt.endSite() != null) pos = pos.add(QuatNd.rotate(q[pt.joint()], vec(rot, pt.endSite())));
            out[i] = pos;
        }
        return out;
    }

    /**
     * World positions of all joints: rotations (W, T, J, 4), root positions (W, T, 3); result (W, T, J, 3) in the units of
     * the skeleton's offsets (metres).
     */
    static NDArray jointPositions(NDArray rot, NDArray root, Skeleton s) {
        int n = s.size();
        NDArray[] q = new NDArray[n], p = new NDArray[n];
        NDList all = new NDList();
        for (int j = 0; j < n; j++) {
            NDArray local = rot.get(":, :, " + j + ", :");
            if (j == 0) {
                q[j] = local;
                p[j] = root;
            } else {
                int par = s.parent(j);
                q[j] = QuatNd.mul(q[par], local);
                p[j] = p[par].add(QuatNd.rotate(q[par], vec(rot, s.offset(j))));
            }
            all.add(p[j].expandDims(2));
        }
        return NDArrays.concat(all, 2);
    }

    private static NDArray vec(NDArray like, Vec3 v) {
        return like.getManager().create(new float[] {(float) v.x(), (float) v.y(), (float) v.z()});
    }

    static List<String> names(FootPoints f) {
        return f.points().stream().map(FootPoints.Point::name).toList();
    }
}
