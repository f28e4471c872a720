package org.clothgraph.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.sim.Material;
import org.clothgraph.sim.io.ArcsimMaterialReader;
import org.clothgraph.sim.io.Axes;
import org.clothgraph.sim.io.ImportedGarment;
import org.clothgraph.sim.io.ObjGarmentReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportTest {
    @TempDir
    Path tmp;

    @Test
    void berkeleyPairs() {
        Path robe = TestSupport.data().resolve("meshes/berkeley-garment-library/robe");
        ImportedGarment c = ObjGarmentReader.readBerkeley(robe.resolve("coarse/robe-m.obj"),
                robe.resolve("coarse/robe-w.obj"), Axes.Y_UP);
        assertEquals(612, c.mesh().vertexCount());
        assertEquals(940, c.mesh().triangleCount()); // 470 quads
        assertNotNull(c.mesh().materialCoords());
        ImportedGarment iso = ObjGarmentReader.readBerkeley(robe.resolve("isotropic/robe-iso-m.obj"),
                robe.resolve("isotropic/robe-iso-w.obj"), Axes.Y_UP);
        assertEquals(3001, iso.mesh().vertexCount());
        assertEquals(5361, iso.mesh().triangleCount());
    }

    @Test
    void arcsimMeshesAndFrames() throws IOException {
        Path d = TestSupport.data();
        ImportedGarment robe = ObjGarmentReader.readArcsim(d.resolve("meshes/arcsim/robe.obj"), Axes.Y_UP);
        assertEquals(523, robe.mesh().vertexCount());
        assertEquals(940, robe.mesh().triangleCount());
        ImportedGarment merged = ObjGarmentReader
                .readArcsim(d.resolve("meshes/berkeley-garment-library/robe/robe-iso-merged.obj"), Axes.Y_UP);
        assertEquals(2773, merged.mesh().vertexCount());
        for (String run : List.of("dress-on-dancer/0001_00.obj", "branch-onto-new-motion/0005_00.obj")) {
            Path f = d.resolve("arcsim-runs").resolve(run);
            ImportedGarment z = ObjGarmentReader.readArcsim(f, Axes.Z_UP);
            ImportedGarment y = ObjGarmentReader.readArcsim(f, Axes.Y_UP);
            assertEquals(3906, z.mesh().vertexCount());
            double speed = 0;
            float[] v = z.state().velocities();
            for (int i = 0; i < v.length; i++) {
                speed = Math.max(speed, Math.abs(v[i]));
            }
            assertTrue(speed > 0.01, "velocities present in " + run);
            // Z-up -> Y-up: y' = z, z' = -y
            assertEquals(y.state().positions()[2], z.state().positions()[1]);
            assertEquals(-y.state().positions()[1], z.state().positions()[2]);
            // write back Z-up and read again: identical
            Path out = tmp.resolve("back.obj");
            ObjGarmentReader.writeArcsim(out, z.mesh(), z.state(), Axes.Z_UP);
            ImportedGarment again = ObjGarmentReader.readArcsim(out, Axes.Z_UP);
            assertEquals(z.state(), again.state());
        }
        ImportedGarment first = ObjGarmentReader.readArcsim(d.resolve("arcsim-runs/dress-on-dancer/0000_00.obj"), Axes.Z_UP);
        assertEquals(3906, first.state().vertexCount());
    }

    @Test
    void allArcsimMaterials() throws IOException {
        Path dir = TestSupport.data().resolve("meshes/berkeley-garment-library/materials");
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> l = files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
            assertEquals(10, l.size());
            for (Path p : l) {
                Material m = ArcsimMaterialReader.read(p);
                assertTrue(m.density() > 0.05 && m.density() < 1, p + " density " + m.density());
                assertTrue(m.stretchStiffness() > 0 && m.bendStiffness() > 0 && m.bendStiffness() < 1e-2, p.toString());
            }
        }
        Material gray = ArcsimMaterialReader.read(dir.resolve("gray-interlock.json"));
        assertEquals(0.187, gray.density(), 1e-12);
    }

    @Test
    void commentsInMaterialJsonAreAccepted() throws IOException {
        Path f = tmp.resolve("c.json");
        Files.writeString(f, "{ // fabric\n \"density\": 0.2, /* block */\n \"stretching\": [[10, 0, 20, 5]],\n"
                + " \"bending\": [[1e-5, 2e-5]] // end\n}\n");
        Material m = ArcsimMaterialReader.read(f);
        assertEquals(15, m.stretchStiffness(), 1e-12);
        assertEquals(1.5e-5, m.bendStiffness(), 1e-18);
    }

    @Test
    void corruptedInputsGiveInvalidInputWithFileAndLine() throws IOException {
        Path obj = tmp.resolve("bad.obj");
        Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 0 1 x\nf 1 2 3\n");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> ObjGarmentReader.readArcsim(obj, Axes.Y_UP));
        assertEquals("line 3", e.location());
        assertTrue(e.getMessage().contains("bad.obj"));

        Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n");
        e = assertThrows(InvalidInputException.class, () -> ObjGarmentReader.readArcsim(obj, Axes.Y_UP));
        assertEquals("line 4", e.location());

        // real frame, truncated in the middle of the velocities
        List<String> lines = Files.readAllLines(TestSupport.data().resolve("arcsim-runs/dress-on-dancer/0001_00.obj"));
        Path cut = tmp.resolve("cut.obj");
        Files.write(cut, lines.subList(0, lines.size() - 100).stream().map(s -> s.startsWith("nv ") ? s : s).toList());
        Files.writeString(cut, Files.readString(cut).replaceFirst("\nnv [^\n]*\n", "\nnv 0.1 oops 0.3\n"));
        assertThrows(InvalidInputException.class, () -> ObjGarmentReader.readArcsim(cut, Axes.Z_UP));

        Path json = tmp.resolve("bad.json");
        Files.writeString(json, "{\n \"density\": 0.2,\n \"stretching\": [[1, 2, 3, 4]\n \"bending\": [[1]]\n}\n");
        e = assertThrows(InvalidInputException.class, () -> ArcsimMaterialReader.read(json));
        assertEquals("line 4", e.location());
        Files.writeString(json, "{ \"stretching\": [[1, 2, 3, 4]], \"bending\": [[1]] }");
        e = assertThrows(InvalidInputException.class, () -> ArcsimMaterialReader.read(json));
        assertEquals("field density", e.location());
        assertThrows(InvalidInputException.class,
                () -> ObjGarmentReader.readBerkeley(tmp.resolve("missing-m.obj"), tmp.resolve("missing-w.obj"), Axes.Y_UP));
    }
}
