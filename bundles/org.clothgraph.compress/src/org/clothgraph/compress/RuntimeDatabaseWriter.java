package org.clothgraph.compress;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.explore.RootFrame;
import org.clothgraph.cloth.PrimaryPath;
import org.clothgraph.model.ClipInfo;
import org.clothgraph.model.ClothStateRecord;
import org.clothgraph.model.PrimaryEdge;
import org.clothgraph.model.PrimaryNode;
import org.clothgraph.motion.Motion;
import org.clothgraph.motion.project.PrimaryGraphSnapshot;
import org.clothgraph.motion.project.ProjectPrimaryGraph;
import org.clothgraph.runtime.BasisCoding;
import org.clothgraph.runtime.RuntimeFormat;

/** Writes the parts of a runtime database (docs/RUNTIME.md) and returns their sizes. */
public final class RuntimeDatabaseWriter {
    /** Bytes of each part as written (part payload, header excluded). */
    public record PartSizes(Map<String, Long> parts, long header, long total) {
    }

    private RuntimeDatabaseWriter() {
    }

    /** The graph part: clips, classes, nodes with their root frames, edges with root motion, states, transitions. */
    public static byte[] graph(SecondaryFrames frames, float[] jumpMm) throws IOException {
        PrimaryGraphSnapshot snapshot = PrimaryGraphSnapshot.of(frames.project());
        int window = ProjectPrimaryGraph.options(frames.project(), Double.NaN, 0).window();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        List<ClipInfo> clips = snapshot.clips();
        Map<Long, Integer> clipIndex = new HashMap<>();
        out.writeInt(clips.size());
        for (ClipInfo c : clips) {
            clipIndex.put(c.id(), clipIndex.size());
            out.writeUTF(c.name());
        }
        Map<String, Integer> classes = new LinkedHashMap<>();
        for (ClothStateRecord s : frames.states()) {
            classes.putIfAbsent(s.classes() == null ? "" : s.classes(), classes.size());
        }
        out.writeInt(classes.size());
        for (String c : classes.keySet()) {
            out.writeUTF(c);
        }
        List<PrimaryNode> nodes = snapshot.graph().nodes();
        Map<Long, Integer> nodeIndex = new HashMap<>();
        out.writeInt(nodes.size());
        for (PrimaryNode node : nodes) {
            nodeIndex.put(node.id(), nodeIndex.size());
            RootFrame root = RootFrame.of(snapshot.motionOfClip(node.clipId()), node.frame());
            out.writeLong(node.id());
            out.writeInt(clipIndex.get(node.clipId()));
            out.writeInt(node.frame());
            out.writeDouble(root.yaw());
            out.writeDouble(root.x());
            out.writeDouble(root.z());
        }
        List<PrimaryEdge> edges = snapshot.graph().edges();
        Map<Long, Integer> edgeIndex = new HashMap<>();
        out.writeInt(edges.size());
        for (PrimaryEdge e : edges) {
            edgeIndex.put(e.id(), edgeIndex.size());
            out.writeLong(e.id());
            out.writeInt(nodeIndex.get(e.from()));
            out.writeInt(nodeIndex.get(e.to()));
            out.writeByte(e.kind() == PrimaryEdge.Kind.TRANSITION ? RuntimeFormat.EDGE_TRANSITION : RuntimeFormat.EDGE_CLIP);
            // the root frame of every shown frame along the edge, relative to its start (as playback plays it)
            Motion motion = PrimaryPath.along(snapshot, List.of(snapshot.node(e.from()), snapshot.node(e.to())), window)
                    .motion();
            int count = motion.frameCount() - 1;
            out.writeInt(count);
            RootFrame r0 = RootFrame.of(motion, 0);
            double c = Math.cos(r0.yaw());
            double s = Math.sin(r0.yaw());
            for (int k = 1; k <= count; k++) {
                RootFrame rk = RootFrame.of(motion, k);
                double dx = rk.x() - r0.x();
                double dz = rk.z() - r0.z();
                // world delta into the start's root frame: rotation about +Y by -yaw0
                out.writeFloat((float) (rk.yaw() - r0.yaw()));
                out.writeFloat((float) (dx * c - dz * s));
                out.writeFloat((float) (dx * s + dz * c));
            }
        }
        List<ClothStateRecord> states = frames.states();
        out.writeInt(states.size());
        for (int i = 0; i < states.size(); i++) {
            ClothStateRecord st = states.get(i);
            out.writeLong(st.id());
            out.writeInt(nodeIndex.get(st.primaryNode()));
            out.writeInt(classes.get(st.classes() == null ? "" : st.classes()));
            out.writeInt(frames.stateFrame(i));
        }
        out.writeInt(frames.initialState());
        List<SecondaryFrames.Transition> transitions = frames.transitions();
        out.writeInt(transitions.size());
        for (int t = 0; t < transitions.size(); t++) {
            SecondaryFrames.Transition tr = transitions.get(t);
            out.writeInt(tr.from());
            out.writeInt(tr.to());
            out.writeInt(edgeIndex.get(tr.edge().id()));
            out.writeBoolean(tr.merged());
            out.writeInt(tr.inner().length);
            for (int f : tr.inner()) {
                out.writeInt(f);
            }
            out.writeInt(tr.deadEnd());
            out.writeFloat(jumpMm[t]);
        }
        out.flush();
        return bytes.toByteArray();
    }

    public static byte[] meta(String garment, int vertices, int basis, int blendFrames, double fps, double toleranceMm,
            String producer) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeUTF(garment);
        out.writeInt(vertices);
        out.writeInt(basis);
        out.writeInt(blendFrames);
        out.writeDouble(fps);
        out.writeFloat((float) toleranceMm);
        out.writeUTF(producer);
        out.flush();
        return bytes.toByteArray();
    }

    public static byte[] mesh(int[] triangles) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(triangles.length / 3);
        for (int x : triangles) {
            out.writeInt(x);
        }
        out.flush();
        return bytes.toByteArray();
    }

    public static byte[] frames(CoefficientBlocks blocks, float[] frameErrorMm) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(frameErrorMm.length);
        for (int f = 0; f < frameErrorMm.length; f++) {
            out.writeInt(blocks.predecessor[f]);
            out.writeFloat(frameErrorMm[f]);
        }
        out.writeInt(blocks.blocks());
        for (int k = 0; k < blocks.blocks(); k++) {
            out.writeInt(blocks.blockFirst[k]);
            out.writeInt(blocks.offset[k]);
            out.writeInt(blocks.length[k]);
            out.writeInt(blocks.rawLength[k]);
        }
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * The basis part: bits and steps per vector, then the values coded over the garment mesh
     * ({@link BasisCoding}: a predictor per vector, range-coded residuals).
     */
    public static byte[] basis(Quantisation q, int rows, int[] triangles) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        int b = q.basisSize();
        out.writeInt(rows);
        out.writeInt(b);
        for (int i = 0; i < b; i++) {
            out.writeByte(q.bits(i));
            out.writeFloat(q.basisStep(i));
            out.writeFloat(q.coefficientStep(i));
        }
        short[][] values = new short[b][rows];
        for (int i = 0; i < b; i++) {
            for (int r = 0; r < rows; r++) {
                values[i][r] = q.basisValue(i, r);
            }
        }
        out.write(new BasisCoding(rows / 3, triangles).encode(values));
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * Writes the file: header (magic, version, part table with CRC-32C, header CRC), then the parts. {@code raw}
     * holds each part's payload in {@link RuntimeFormat} order (meta, mesh, graph, frames, basis packed with
     * {@link RuntimeFormat#packPart}, the coefficient blocks as they are).
     */
    public static PartSizes write(OutputStream file, Map<String, byte[]> parts) throws IOException {
        List<String> names = new ArrayList<>(parts.keySet());
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        DataOutputStream h = new DataOutputStream(header);
        h.write(RuntimeFormat.MAGIC);
        h.writeInt(RuntimeFormat.VERSION);
        h.writeInt(names.size());
        // the table's size is known before the offsets: name + 8 + 8 + 4 per part
        long tableBytes = 0;
        for (String name : names) {
            tableBytes += 2 + name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 20;
        }
        long offset = RuntimeFormat.MAGIC.length + 8 + tableBytes + 4;
        Map<String, Long> sizes = new LinkedHashMap<>();
        for (String name : names) {
            byte[] p = parts.get(name);
            h.writeUTF(name);
            h.writeLong(offset);
            h.writeLong(p.length);
            h.writeInt(RuntimeFormat.crc(p, 0, p.length));
            offset += p.length;
            sizes.put(name, (long) p.length);
        }
        h.flush();
        byte[] head = header.toByteArray();
        DataOutputStream out = new DataOutputStream(file);
        out.write(head);
        out.writeInt(RuntimeFormat.crc(head, 0, head.length));
        for (String name : names) {
            out.write(parts.get(name));
        }
        out.flush();
        return new PartSizes(sizes, head.length + 4L, offset);
    }
}
