package org.clothgraph.retarget;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;

/**
 * Quaternion algebra on DJL arrays whose last axis is (w, x, y, z), differentiable, broadcasting like the engine (numbers
 * enter as {@link Djl#scalar} arrays: see there why).
 */
final class QuatNd {
    private QuatNd() {
    }

    /** Hamilton product a b (rotation b, then a). */
    static NDArray mul(NDArray a, NDArray b) {
        NDList p = a.split(4, last(a)), q = b.split(4, last(b));
        NDArray aw = p.get(0), ax = p.get(1), ay = p.get(2), az = p.get(3);
        NDArray bw = q.get(0), bx = q.get(1), by = q.get(2), bz = q.get(3);
        NDArray w = aw.mul(bw).sub(ax.mul(bx)).sub(ay.mul(by)).sub(az.mul(bz));
        NDArray x = aw.mul(bx).add(ax.mul(bw)).add(ay.mul(bz)).sub(az.mul(by));
        NDArray y = aw.mul(by).sub(ax.mul(bz)).add(ay.mul(bw)).add(az.mul(bx));
        NDArray z = aw.mul(bz).add(ax.mul(by)).sub(ay.mul(bx)).add(az.mul(bw));
        return NDArrays.concat(new NDList(w, x, y, z), last(w));
    }

    private static int last(NDArray a) {
        return a.getShape().dimension() - 1;
    }

    /** q / |q| over the last axis. */
    static NDArray normalize(NDArray q) {
        return q.div(q.square().sum(new int[] {last(q)}, true).add(Djl.scalar(q, 1e-12)).sqrt());
    }

    /** Rotates vectors v (last axis x, y, z) by unit quaternions q: v + 2w (u x v) + 2 u x (u x v). */
    static NDArray rotate(NDArray q, NDArray v) {
        NDList p = q.split(4, last(q));
        NDArray w = p.get(0);
        NDArray u = NDArrays.concat(new NDList(p.get(1), p.get(2), p.get(3)), last(w));
        NDArray t = cross(u, v).mul(Djl.scalar(v, 2));
        return v.add(w.mul(t)).add(cross(u, t));
    }

    static NDArray cross(NDArray a, NDArray b) {
        NDList p = a.split(3, last(a)), q = b.split(3, last(b));
        NDArray x = p.get(1).mul(q.get(2)).sub(p.get(2).mul(q.get(1)));
        NDArray y = p.get(2).mul(q.get(0)).sub(p.get(0).mul(q.get(2)));
        NDArray z = p.get(0).mul(q.get(1)).sub(p.get(1).mul(q.get(0)));
        return NDArrays.concat(new NDList(x, y, z), last(x));
    }

    /** Sign-invariant squared distance of unit quaternions, summed over the last axis: min(|a-b|^2, |a+b|^2). */
    static NDArray distance(NDArray a, NDArray b) {
        NDArray d1 = a.sub(b).square().sum(new int[] {last(a)});
        NDArray d2 = a.add(b).square().sum(new int[] {last(a)});
        return d1.minimum(d2);
    }
}
