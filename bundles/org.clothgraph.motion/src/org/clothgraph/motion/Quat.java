package org.clothgraph.motion;

/** Immutable unit quaternion (w, x, y, z), Hamilton convention; rotates column vectors as q v q*. */
public record Quat(double w, double x, double y, double z) {
    public static final Quat IDENTITY = new Quat(1, 0, 0, 0);

    public static Quat axisAngle(Vec3 axis, double radians) {
        Vec3 a = axis.normalized();
        double s = Math.sin(radians / 2);
        return new Quat(Math.cos(radians / 2), a.x() * s, a.y() * s, a.z() * s);
    }

    public static Quat rotX(double r) { return new Quat(Math.cos(r / 2), Math.sin(r / 2), 0, 0); }
    public static Quat rotY(double r) { return new Quat(Math.cos(r / 2), 0, Math.sin(r / 2), 0); }
    public static Quat rotZ(double r) { return new Quat(Math.cos(r / 2), 0, 0, Math.sin(r / 2)); }

    /** Rotation about axis 'X', 'Y' or 'Z' (case-insensitive). */
    public static Quat rot(char axis, double radians) {
        switch (Character.toUpperCase(axis)) {
            case 'X': return rotX(radians);
            case 'Y': return rotY(radians);
            case 'Z': return rotZ(radians);
            default: throw new IllegalArgumentException("axis " + axis);
        }
    }

    /** Shortest rotation taking direction a onto direction b. */
    public static Quat between(Vec3 a, Vec3 b) {
        Vec3 u = a.normalized(), v = b.normalized();
        double d = u.dot(v);
        if (d < -0.999999) {
            Vec3 axis = Math.abs(u.x()) < 0.9 ? u.cross(new Vec3(1, 0, 0)) : u.cross(new Vec3(0, 1, 0));
            return axisAngle(axis, Math.PI);
        }
        Vec3 c = u.cross(v);
        return new Quat(1 + d, c.x(), c.y(), c.z()).normalized();
    }

    /** Quaternion of an orthonormal rotation matrix given by its columns (the rotated X, Y, Z axes). */
    public static Quat fromBasis(Vec3 cx, Vec3 cy, Vec3 cz) {
        double m00 = cx.x(), m10 = cx.y(), m20 = cx.z(), m01 = cy.x(), m11 = cy.y(), m21 = cy.z();
        double m02 = cz.x(), m12 = cz.y(), m22 = cz.z();
        double tr = m00 + m11 + m22;
        Quat q;
        if (tr > 0) {
            double s = Math.sqrt(tr + 1) * 2;
            q = new Quat(0.25 * s, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s);
        } else if (m00 > m11 && m00 > m22) {
            double s = Math.sqrt(1 + m00 - m11 - m22) * 2;
            q = new Quat((m21 - m12) / s, 0.25 * s, (m01 + m10) / s, (m02 + m20) / s);
        } else if (m11 > m22) {
            double s = Math.sqrt(1 + m11 - m00 - m22) * 2;
            q = new Quat((m02 - m20) / s, (m01 + m10) / s, 0.25 * s, (m12 + m21) / s);
        } else {
            double s = Math.sqrt(1 + m22 - m00 - m11) * 2;
            q = new Quat((m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, 0.25 * s);
        }
        return q.normalized();
    }

    public Quat mul(Quat o) {
        return new Quat(w * o.w - x * o.x - y * o.y - z * o.z, w * o.x + x * o.w + y * o.z - z * o.y,
                w * o.y - x * o.z + y * o.w + z * o.x, w * o.z + x * o.y - y * o.x + z * o.w);
    }

    public Quat conj() { return new Quat(w, -x, -y, -z); }

    public Quat normalized() {
        double n = Math.sqrt(w * w + x * x + y * y + z * z);
        return n < 1e-15 ? IDENTITY : new Quat(w / n, x / n, y / n, z / n);
    }

    public double dot(Quat o) { return w * o.w + x * o.x + y * o.y + z * o.z; }

    public Vec3 rotate(Vec3 v) {
        // v' = v + 2w(q x v) + 2 q x (q x v)
        double tx = 2 * (y * v.z() - z * v.y()), ty = 2 * (z * v.x() - x * v.z()), tz = 2 * (x * v.y() - y * v.x());
        return new Vec3(v.x() + w * tx + (y * tz - z * ty), v.y() + w * ty + (z * tx - x * tz), v.z() + w * tz + (x * ty - y * tx));
    }

    /** Spherical interpolation along the shorter arc. */
    public Quat slerp(Quat o, double t) {
        double d = dot(o);
        Quat b = o;
        if (d < 0) { d = -d; b = new Quat(-o.w, -o.x, -o.y, -o.z); }
        if (d > 0.9995) {
            return new Quat(w + (b.w - w) * t, x + (b.x - x) * t, y + (b.y - y) * t, z + (b.z - z) * t).normalized();
        }
        double th = Math.acos(d), s = Math.sin(th);
        double a = Math.sin((1 - t) * th) / s, c = Math.sin(t * th) / s;
        return new Quat(a * w + c * b.w, a * x + c * b.x, a * y + c * b.y, a * z + c * b.z);
    }

    /** Rotation angle in radians, in [0, pi]. */
    public double angle() { return 2 * Math.acos(Math.min(1, Math.abs(w))); }

    /** Angle in radians between two rotations. */
    public double angleTo(Quat o) { return 2 * Math.acos(Math.min(1, Math.abs(dot(o)))); }

    /** Euler composition: order "ZYX" means R = Rz(a0) * Ry(a1) * Rx(a2) (BVH channel order, left to right). */
    public static Quat fromEuler(String order, double... radians) {
        Quat q = IDENTITY;
        for (int i = 0; i < order.length(); i++) {
            q = q.mul(rot(order.charAt(i), radians[i]));
        }
        return q;
    }

    /** Inverse of fromEuler("ZYX", z, y, x): returns {z, y, x} in radians. */
    public double[] toEulerZYX() {
        double r20 = 2 * (x * z - w * y), r10 = 2 * (x * y + w * z), r00 = 1 - 2 * (y * y + z * z);
        double r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
        double ay = Math.asin(Math.max(-1, Math.min(1, -r20)));
        if (Math.abs(r20) < 0.9999999) {
            return new double[] {Math.atan2(r10, r00), ay, Math.atan2(r21, r22)};
        }
        // gimbal lock: put everything into Z
        double r01 = 2 * (x * y - w * z), r11 = 1 - 2 * (x * x + z * z);
        return new double[] {Math.atan2(-r01, r11), ay, 0};
    }

    /** Yaw angle (rotation about +Y) of the heading this rotation gives to the +Z axis. */
    public double heading() {
        Vec3 f = rotate(new Vec3(0, 0, 1));
        return Math.atan2(f.x(), f.z());
    }

    public boolean isFinite() { return Double.isFinite(w + x + y + z); }
}
