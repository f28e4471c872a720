package org.clothgraph.sim;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.SampledBodyMotion;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * Everything one simulation needs, self-contained and serialisable, so a separate worker process can run
 * it: mesh, material, settings, the body motion as samples, start time, initial state, fps and frame
 * count. {@link #run(IProgressMonitor)} on a unit read back from bytes gives bit-identical frames.
 */
public record SimulationWorkUnit(ClothMesh mesh, Material material, SimulationSettings settings,
        SampledBodyMotion motion, double startTime, ClothState initial, double fps, int frames) {

    private static final int MAGIC = 0x43475755; // "CGWU"
    /**
     * 3: solver settings with the substep rule, sweeps, contact passes and separation speed; the body motion is
     * versioned and carries its bind pose. 4: what the body collision uses. 7: the tangle retries. 8: the compression softening. 9: the compression recovery speed. Units are transient (handed to a worker and consumed), so older
     * versions are refused rather than read.
     */
    private static final int VERSION = 9;

    /**
     * Builds a unit, sampling {@code motion} over the simulated span at fps * substeps Hz (so every
     * substep time is an exact sample unless the solver raises the substep count).
     */
    public static SimulationWorkUnit create(ClothMesh mesh, Material material, SimulationSettings settings,
            BodyMotion motion, double startTime, ClothState initial, double fps, int frames) {
        SampledBodyMotion sampled = motion instanceof SampledBodyMotion s ? s
                : SampledBodyMotion.sample(motion, startTime, startTime + frames / fps, fps * settings.substeps());
        return new SimulationWorkUnit(mesh, material, settings, sampled, startTime, initial, fps, frames);
    }

    public SimulationResult run(IProgressMonitor monitor) throws SimulationFailedException {
        return new XpbdClothSimulator().simulate(mesh, material, settings, motion, startTime, initial, fps, frames,
                monitor);
    }

    public void write(DataOutput out) throws IOException {
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeUTF(mesh.name());
        writeFloats(out, mesh.restPositions());
        out.writeBoolean(mesh.materialCoords() != null);
        if (mesh.materialCoords() != null) {
            writeFloats(out, mesh.materialCoords());
        }
        writeInts(out, mesh.triangles());
        Map<String, int[]> groups = new TreeMap<>(mesh.vertexGroups());
        out.writeInt(groups.size());
        for (Map.Entry<String, int[]> g : groups.entrySet()) {
            out.writeUTF(g.getKey());
            writeInts(out, g.getValue());
        }
        out.writeUTF(material.name());
        out.writeDouble(material.density());
        out.writeDouble(material.stretchStiffness());
        out.writeDouble(material.shearStiffness());
        out.writeDouble(material.bendStiffness());
        out.writeDouble(material.damping());
        out.writeDouble(material.friction());
        out.writeDouble(material.thickness());
        out.writeDouble(material.airDrag());
        SimulationSettings s = settings;
        out.writeUTF(s.solver().name());
        out.writeInt(s.substeps());
        out.writeInt(s.maxSubsteps());
        out.writeDouble(s.maxSubstepMove());
        out.writeInt(s.iterations());
        out.writeInt(s.contactIterations());
        out.writeDouble(s.separationSpeed());
        out.writeDouble(s.gravityX());
        out.writeDouble(s.gravityY());
        out.writeDouble(s.gravityZ());
        out.writeBoolean(s.selfCollision());
        out.writeInt(s.selfCollisionInterval());
        out.writeInt(s.threads());
        out.writeDouble(s.maxSpeed());
        out.writeDouble(s.maxStretch());
        out.writeDouble(s.frameTimeoutSeconds());
        out.writeUTF(s.bodyCollision().name());
        out.writeDouble(s.strainLimit());
        out.writeDouble(s.speedLimit());
        out.writeDouble(s.untangleSpeed());
        out.writeInt(s.tangleRetries());
        out.writeDouble(s.compressionSoftening());
        out.writeDouble(s.compressionRecoverySpeed());
        motion.write(out);
        out.writeDouble(startTime);
        writeFloats(out, initial.positions());
        writeFloats(out, initial.velocities());
        out.writeDouble(fps);
        out.writeInt(frames);
    }

    public static SimulationWorkUnit read(DataInput in) throws IOException {
        if (in.readInt() != MAGIC) {
            throw new IOException("not a ClothGraph simulation work unit");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new IOException("unsupported work unit version " + version);
        }
        try {
            String name = in.readUTF();
            float[] rest = readFloats(in);
            float[] uv = in.readBoolean() ? readFloats(in) : null;
            int[] tris = readInts(in);
            int ng = in.readInt();
            if (ng < 0 || ng > 1_000_000) {
                throw new IOException("bad group count " + ng);
            }
            Map<String, int[]> groups = new LinkedHashMap<>();
            for (int i = 0; i < ng; i++) {
                groups.put(in.readUTF(), readInts(in));
            }
            ClothMesh mesh = new ClothMesh(name, rest, uv, tris, groups);
            Material m = new Material(in.readUTF(), in.readDouble(), in.readDouble(), in.readDouble(),
                    in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
            SimulationSettings s = new SimulationSettings(solver(in.readUTF()), in.readInt(), in.readInt(), in.readDouble(), in.readInt(),
                    in.readInt(), in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(), in.readBoolean(),
                    in.readInt(), in.readInt(), in.readDouble(), in.readDouble(), in.readDouble(), bodyCollision(in.readUTF()),
                    in.readDouble(), in.readDouble(), in.readDouble(), in.readInt(), in.readDouble(), in.readDouble());
            SampledBodyMotion motion = SampledBodyMotion.read(in);
            double start = in.readDouble();
            ClothState init = new ClothState(readFloats(in), readFloats(in));
            double fps = in.readDouble();
            int frames = in.readInt();
            return new SimulationWorkUnit(mesh, m, s, motion, start, init, fps, frames);
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt work unit: " + e.getMessage(), e);
        }
    }

    private static SimulationSettings.BodyCollision bodyCollision(String name) throws IOException {
        try {
            return SimulationSettings.BodyCollision.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt work unit: unknown body collision " + name, e);
        }
    }

    private static SimulationSettings.Solver solver(String name) throws IOException {
        try {
            return SimulationSettings.Solver.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt work unit: unknown solver " + name, e);
        }
    }

    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static SimulationWorkUnit fromBytes(byte[] data) throws IOException {
        return read(new DataInputStream(new ByteArrayInputStream(data)));
    }

    private static void writeFloats(DataOutput out, float[] a) throws IOException {
        out.writeInt(a.length);
        for (float f : a) {
            out.writeFloat(f);
        }
    }

    private static void writeInts(DataOutput out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int f : a) {
            out.writeInt(f);
        }
    }

    private static float[] readFloats(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 100_000_000) {
            throw new IOException("bad array length " + n);
        }
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readFloat();
        }
        return a;
    }

    private static int[] readInts(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 100_000_000) {
            throw new IOException("bad array length " + n);
        }
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readInt();
        }
        return a;
    }
}
