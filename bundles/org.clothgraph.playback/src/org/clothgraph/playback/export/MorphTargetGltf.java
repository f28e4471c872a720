package org.clothgraph.playback.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * A small glTF 2.0 writer for baked animation: each mesh has one morph target per frame (the frame's positions and
 * normals as offsets from frame 0's) and one animation drives all meshes' weights, frame k having weight 1 on target
 * k and 0 elsewhere (LINEAR between keys, so a viewer playing at another rate blends neighbouring frames). Written
 * as a binary .glb, or as .gltf with its buffer in a sibling .bin file.
 */
final class MorphTargetGltf {
    private static final int FLOAT = 5126;
    private static final int UNSIGNED_INT = 5125;
    private static final int ARRAY_BUFFER = 34962;
    private static final int ELEMENT_ARRAY_BUFFER = 34963;

    private final JsonObject root = new JsonObject();
    private final JsonArray accessors = new JsonArray();
    private final JsonArray bufferViews = new JsonArray();
    private final JsonArray meshes = new JsonArray();
    private final JsonArray nodes = new JsonArray();
    private final JsonArray materials = new JsonArray();
    private final List<byte[]> chunks = new ArrayList<>();
    private long length;
    private final int frames;
    private final double fps;

    MorphTargetGltf(int frames, double fps, JsonObject extras) {
        this.frames = frames;
        this.fps = fps;
        JsonObject asset = new JsonObject();
        asset.addProperty("version", "2.0");
        asset.addProperty("generator", "ClothGraph export");
        asset.add("extras", extras);
        root.add("asset", asset);
    }

    /**
     * Adds a mesh node.
     *
     * @param positions per frame xyz per vertex (all frames the same vertex count)
     * @param normals per frame, the same layout
     */
    void mesh(String name, int[] triangles, List<float[]> positions, List<float[]> normals, float[] rgba,
            boolean doubleSided) {
        if (positions.size() != frames || normals.size() != frames) {
            throw new IllegalArgumentException(positions.size() + " frames of " + name + " for " + frames);
        }
        JsonObject material = new JsonObject();
        material.addProperty("name", name);
        JsonObject pbr = new JsonObject();
        JsonArray color = new JsonArray();
        for (float c : rgba) {
            color.add(c);
        }
        pbr.add("baseColorFactor", color);
        pbr.addProperty("metallicFactor", 0.0);
        pbr.addProperty("roughnessFactor", 0.85);
        material.add("pbrMetallicRoughness", pbr);
        material.addProperty("doubleSided", doubleSided);
        materials.add(material);

        float[] p0 = positions.get(0);
        float[] n0 = normals.get(0);
        JsonObject attributes = new JsonObject();
        attributes.addProperty("POSITION", vec3(p0, true));
        attributes.addProperty("NORMAL", vec3(n0, false));
        JsonObject primitive = new JsonObject();
        primitive.add("attributes", attributes);
        primitive.addProperty("indices", indices(triangles));
        primitive.addProperty("material", materials.size() - 1);
        primitive.addProperty("mode", 4);
        JsonArray targets = new JsonArray();
        JsonArray weights = new JsonArray();
        JsonArray targetNames = new JsonArray();
        for (int k = 0; k < frames; k++) {
            JsonObject t = new JsonObject();
            t.addProperty("POSITION", vec3(minus(positions.get(k), p0), true));
            t.addProperty("NORMAL", vec3(minus(normals.get(k), n0), false));
            targets.add(t);
            weights.add(0);
            targetNames.add(String.format(java.util.Locale.ROOT, "frame %d", k));
        }
        primitive.add("targets", targets);
        JsonArray primitives = new JsonArray();
        primitives.add(primitive);
        JsonObject mesh = new JsonObject();
        mesh.addProperty("name", name);
        mesh.add("primitives", primitives);
        mesh.add("weights", weights);
        JsonObject meshExtras = new JsonObject();
        meshExtras.add("targetNames", targetNames);
        mesh.add("extras", meshExtras);
        meshes.add(mesh);
        JsonObject node = new JsonObject();
        node.addProperty("name", name);
        node.addProperty("mesh", meshes.size() - 1);
        nodes.add(node);
    }

    /**
     * Finishes the document (the scene of all nodes, the weights animation) and writes it: binary glTF into
     * {@code file}, or the JSON into {@code file} and the buffer into {@code bin}, which the JSON names as
     * {@code binName} (the name it will have beside the document).
     */
    void write(Path file, boolean binary, Path bin, String binName) throws IOException {
        float[] times = new float[frames];
        for (int k = 0; k < frames; k++) {
            times[k] = (float) (k / fps);
        }
        int input = scalars(times, true);
        float[] oneHot = new float[frames * frames];
        for (int k = 0; k < frames; k++) {
            oneHot[k * frames + k] = 1;
        }
        int output = scalars(oneHot, false);
        JsonArray samplers = new JsonArray();
        JsonObject sampler = new JsonObject();
        sampler.addProperty("input", input);
        sampler.addProperty("output", output);
        sampler.addProperty("interpolation", "LINEAR");
        samplers.add(sampler);
        JsonArray channels = new JsonArray();
        JsonArray sceneNodes = new JsonArray();
        for (int n = 0; n < nodes.size(); n++) {
            JsonObject target = new JsonObject();
            target.addProperty("node", n);
            target.addProperty("path", "weights");
            JsonObject channel = new JsonObject();
            channel.addProperty("sampler", 0);
            channel.add("target", target);
            channels.add(channel);
            sceneNodes.add(n);
        }
        JsonObject animation = new JsonObject();
        animation.addProperty("name", "walk");
        animation.add("samplers", samplers);
        animation.add("channels", channels);
        JsonArray animations = new JsonArray();
        animations.add(animation);
        JsonObject scene = new JsonObject();
        scene.add("nodes", sceneNodes);
        JsonArray scenes = new JsonArray();
        scenes.add(scene);
        root.addProperty("scene", 0);
        root.add("scenes", scenes);
        root.add("nodes", nodes);
        root.add("meshes", meshes);
        root.add("materials", materials);
        root.add("animations", animations);
        root.add("accessors", accessors);
        root.add("bufferViews", bufferViews);
        JsonObject buffer = new JsonObject();
        buffer.addProperty("byteLength", length);
        if (!binary) {
            buffer.addProperty("uri", binName);
        }
        JsonArray buffers = new JsonArray();
        buffers.add(buffer);
        root.add("buffers", buffers);
        Gson gson = new GsonBuilder().disableHtmlEscaping().create();
        byte[] json = gson.toJson(root).getBytes(StandardCharsets.UTF_8);
        if (binary) {
            writeGlb(file, json);
        } else {
            Files.write(file, json);
            try (OutputStream s = Files.newOutputStream(bin)) {
                for (byte[] c : chunks) {
                    s.write(c);
                }
            }
        }
    }

    private void writeGlb(Path out, byte[] json) throws IOException {
        int jsonPadded = (json.length + 3) & ~3;
        long binPadded = (length + 3) & ~3;
        long total = 12 + 8 + jsonPadded + 8 + binPadded;
        if (total > Integer.MAX_VALUE) {
            throw new IOException(out + ": " + total + " bytes is more than a .glb can hold; export fewer frames");
        }
        try (OutputStream s = Files.newOutputStream(out)) {
            ByteBuffer h = ByteBuffer.allocate(28).order(ByteOrder.LITTLE_ENDIAN);
            h.putInt(0x46546C67).putInt(2).putInt((int) total);
            h.putInt(jsonPadded).putInt(0x4E4F534A);
            s.write(h.array(), 0, 20);
            s.write(json);
            for (int i = json.length; i < jsonPadded; i++) {
                s.write(' ');
            }
            ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt((int) binPadded).putInt(0x004E4942);
            s.write(b.array());
            for (byte[] c : chunks) {
                s.write(c);
            }
            for (long i = length; i < binPadded; i++) {
                s.write(0);
            }
        }
    }

    private int view(byte[] data, Integer target) {
        JsonObject v = new JsonObject();
        v.addProperty("buffer", 0);
        v.addProperty("byteOffset", length);
        v.addProperty("byteLength", data.length);
        if (target != null) {
            v.addProperty("target", target);
        }
        bufferViews.add(v);
        chunks.add(data);
        length += data.length; // floats and ints only: every view stays 4-byte aligned
        return bufferViews.size() - 1;
    }

    private int vec3(float[] xyz, boolean bounds) {
        ByteBuffer b = ByteBuffer.allocate(4 * xyz.length).order(ByteOrder.LITTLE_ENDIAN);
        float[] min = { Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE };
        float[] max = { -Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE };
        for (int i = 0; i < xyz.length; i++) {
            b.putFloat(xyz[i]);
            min[i % 3] = Math.min(min[i % 3], xyz[i]);
            max[i % 3] = Math.max(max[i % 3], xyz[i]);
        }
        JsonObject a = accessor(view(b.array(), ARRAY_BUFFER), FLOAT, xyz.length / 3, "VEC3");
        if (bounds) {
            a.add("min", array(min));
            a.add("max", array(max));
        }
        return accessors.size() - 1;
    }

    private int scalars(float[] values, boolean bounds) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        float min = Float.MAX_VALUE;
        float max = -Float.MAX_VALUE;
        for (float v : values) {
            b.putFloat(v);
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        JsonObject a = accessor(view(b.array(), null), FLOAT, values.length, "SCALAR");
        if (bounds) {
            a.add("min", array(new float[] { min }));
            a.add("max", array(new float[] { max }));
        }
        return accessors.size() - 1;
    }

    private int indices(int[] triangles) {
        ByteBuffer b = ByteBuffer.allocate(4 * triangles.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int t : triangles) {
            b.putInt(t);
        }
        accessor(view(b.array(), ELEMENT_ARRAY_BUFFER), UNSIGNED_INT, triangles.length, "SCALAR");
        return accessors.size() - 1;
    }

    private JsonObject accessor(int view, int componentType, int count, String type) {
        JsonObject a = new JsonObject();
        a.addProperty("bufferView", view);
        a.addProperty("componentType", componentType);
        a.addProperty("count", count);
        a.addProperty("type", type);
        accessors.add(a);
        return a;
    }

    private static JsonArray array(float[] values) {
        JsonArray a = new JsonArray();
        for (float v : values) {
            a.add(v);
        }
        return a;
    }

    private static float[] minus(float[] a, float[] b) {
        float[] d = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i] - b[i];
        }
        return d;
    }
}
