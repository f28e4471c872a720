package org.clothgraph.sim;

/**
 * Fabric parameters.
 *
 * @param name free text
 * @param density area density, kg/m^2
 * @param stretchStiffness in-plane stiffness along the warp/weft directions, N/m (an edge of the mesh
 *        gets compliance 1/k)
 * @param shearStiffness in-plane stiffness along the bias (45 degrees in material space), N/m; edges are
 *        blended between stretch and shear by their direction in material coordinates
 * @param bendStiffness bending stiffness, N*m (as ARCSim); mapped to cross-edge distance constraints
 *        with compliance L^2 / bendStiffness (L the cross-edge rest length)
 * @param damping velocity damping, 1/s
 * @param friction Coulomb friction coefficient against the body (also used, halved, cloth-cloth)
 * @param thickness collision thickness, m: the cloth keeps this distance from the body and from itself
 * @param airDrag quadratic air drag k, 1/m: acceleration -k |v| v (still air); about
 *        rho_air * C_d / (2 * density) averaged over orientations; limits whipping of free edges
 */
public record Material(String name, double density, double stretchStiffness, double shearStiffness,
        double bendStiffness, double damping, double friction, double thickness, double airDrag) {

    public Material {
        if (!(density > 0) || !(stretchStiffness > 0) || !(shearStiffness > 0) || !(bendStiffness > 0)
                || !(damping >= 0) || !(friction >= 0) || !(thickness > 0) || !(airDrag >= 0)) {
            throw new IllegalArgumentException("material parameters must be positive: " + name);
        }
    }

    /** A medium-weight cotton-like default (0.2 kg/m^2, nearly inextensible, soft bending). */
    public static Material defaults() {
        return new Material("default", 0.2, 2.0e4, 5.0e3, 2.0e-5, 0.3, 0.5, 0.004, 1.0);
    }

    public Material withFriction(double f) {
        return new Material(name, density, stretchStiffness, shearStiffness, bendStiffness, damping, f, thickness, airDrag);
    }

    public Material withThickness(double t) {
        return new Material(name, density, stretchStiffness, shearStiffness, bendStiffness, damping, friction, t, airDrag);
    }

    public Material withAirDrag(double k) {
        return new Material(name, density, stretchStiffness, shearStiffness, bendStiffness, damping, friction, thickness, k);
    }

    public Material withDamping(double d) {
        return new Material(name, density, stretchStiffness, shearStiffness, bendStiffness, d, friction, thickness, airDrag);
    }
}
