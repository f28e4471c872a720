package org.clothgraph.measure.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.clothgraph.measure.Strain;
import org.junit.jupiter.api.Test;

class StrainTest {

    @Test
    void sheetStretchedTenPercentAlongXHasThatStrain() {
        int n = 20;
        int[] tris = Sheets.triangles(n, n);
        double[] rest = Sheets.positions(n, n, (u, v) -> new double[] { u, v, 0 });
        double[] stretched = Sheets.positions(n, n, (u, v) -> new double[] { 1.1 * u, v, 0 });
        Strain.Result r = Strain.againstRest(rest, tris).measure(stretched);
        // x edges +10 %, y edges 0, diagonals sqrt(1.21 + 1) / sqrt(2) - 1 = 5.1 %
        assertEquals(0.10, r.max(), 1e-12);
        assertEquals(0.10, r.p99(), 1e-12);
        assertEquals(0, r.min(), 1e-12);
    }

    @Test
    void onlyTheStretchedCornerRaisesTheMaximumNotThePercentile() {
        int n = 20;
        int[] tris = Sheets.triangles(n, n);
        double[] rest = Sheets.positions(n, n, (u, v) -> new double[] { u, v, 0 });
        double[] pulled = rest.clone();
        pulled[0] -= 0.05; // vertex 0 pulled 5 cm out along -x: its x edge (0.05 m long) doubles
        Strain.Result r = Strain.againstRest(rest, tris).measure(pulled);
        assertEquals(1.0, r.max(), 1e-12);
        assertEquals(0, r.p99(), 1e-12);
    }

    @Test
    void materialLengthsGiveTheRestOfAnArcsimMesh() {
        // one triangle whose material (vt) triangle is twice as large as its positions: -50 % everywhere
        double[] uv = { 0, 0, 2, 0, 0, 2 };
        double[] xyz = { 0, 0, 0, 1, 0, 0, 0, 1, 0 };
        Strain.Result r = Strain.againstMaterial(uv, new int[] { 0, 1, 2 }, new int[] { 0, 1, 2 }).measure(xyz);
        assertEquals(-0.5, r.max(), 1e-12);
        assertEquals(-0.5, r.min(), 1e-12);
    }
}
