package org.clothgraph.retarget;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

/**
 * A trained retargeting network with the record of how it was trained: settings (seed included), the source
 * performer's bone lengths, the clips trained on and held out, the loss curve and the held-out reconstruction error.
 * Stored as one file ({@code .cgrm}): a header line, the record as JSON, then the weights.
 */
public final class RetargetModel {
    static final String MAGIC = "ClothGraph retarget model 1";

    /** One point of the loss curve: step, training loss (mean since the last point), held-out loss. */
    public record LossPoint(int step, double trainLoss, double heldOutLoss) {}

    /** How the model was made. */
    public record Record(TrainingSettings settings, String engine, float[] performerBones, List<String> sourceFiles,
            double floorOffset, List<String> trainClips,
            List<String> heldOutClips, int trainWindows, int heldOutWindows, int stepsMade, double seconds,
            boolean stoppedByTimeLimit, List<LossPoint> lossCurve, double heldOutLoss, double heldOutAngleDeg,
            double trainAngleDeg) {}

    private final MotionAutoencoder network;
    private final Record record;

    RetargetModel(MotionAutoencoder network, Record record) {
        this.network = network;
        this.record = record;
    }

    public MotionAutoencoder network() {
        return network;
    }

    public Record record() {
        return record;
    }

    public void save(Path file) throws IOException {
        try (OutputStream o = Files.newOutputStream(file)) {
            write(o);
        }
    }

    public void write(OutputStream raw) throws IOException {
        DataOutputStream o = new DataOutputStream(new BufferedOutputStream(raw, 1 << 16));
        o.write((MAGIC + "\n").getBytes(StandardCharsets.US_ASCII));
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("architecture", network.architecture());
        head.put("record", record);
        byte[] json = gson().toJson(head).getBytes(StandardCharsets.UTF_8);
        o.writeInt(json.length);
        o.write(json);
        o.writeInt(network.weights().size());
        for (Map.Entry<String, float[]> e : network.weights().entrySet()) {
            o.writeUTF(e.getKey());
            o.writeInt(e.getValue().length);
            for (float f : e.getValue()) o.writeFloat(f);
        }
        o.flush();
    }

    /** Reads a model file; a foreign, truncated or damaged file is bad input naming the file and the part. */
    public static RetargetModel load(Path file) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            DataInputStream d = new DataInputStream(in);
            byte[] magic = new byte[MAGIC.length() + 1];
            d.readFully(magic);
            if (!new String(magic, StandardCharsets.US_ASCII).equals(MAGIC + "\n")) {
                throw new InvalidInputException(file, "header", "not a ClothGraph retarget model");
            }
            int n = d.readInt();
            if (n < 2 || n > 64 << 20) throw new InvalidInputException(file, "record", "bad record length " + n);
            byte[] json = new byte[n];
            d.readFully(json);
            Head head;
            try {
                head = gson().fromJson(new String(json, StandardCharsets.UTF_8), Head.class);
            } catch (JsonParseException e) {
                throw new InvalidInputException(file, "record", "unreadable: " + e.getMessage());
            }
            if (head == null || head.architecture == null || head.record == null) {
                throw new InvalidInputException(file, "record", "missing architecture or record");
            }
            MotionAutoencoder.Architecture a = head.architecture;
            MotionAutoencoder shape = new MotionAutoencoder(a, 0);
            int count = d.readInt();
            if (count != shape.weights().size()) throw new InvalidInputException(file, "weights", "expected "
                    + shape.weights().size() + " weight arrays, found " + count);
            Map<String, float[]> w = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                String name = d.readUTF();
                int len = d.readInt();
                float[] expected = shape.weights().get(name);
                if (expected == null || expected.length != len) {
                    throw new InvalidInputException(file, "weights " + name, "does not fit the architecture");
                }
                float[] v = new float[len];
                for (int k = 0; k < len; k++) {
                    v[k] = d.readFloat();
                    if (!Float.isFinite(v[k])) throw new InvalidInputException(file, "weights " + name, "not finite");
                }
                w.put(name, v);
            }
            return new RetargetModel(new MotionAutoencoder(a, w), head.record);
        } catch (EOFException e) {
            throw new InvalidInputException(file, "weights", "truncated");
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read: " + e.getMessage());
        }
    }

    private static final class Head {
        MotionAutoencoder.Architecture architecture;
        Record record;
    }

    static Gson gson() {
        return new GsonBuilder().serializeSpecialFloatingPointValues().create();
    }

    /** The record as JSON-ready maps (for reports). */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("architecture", network.architecture());
        m.put("parameters", network.parameterCount());
        m.put("settings", record.settings());
        m.put("engine", record.engine());
        m.put("sourceFiles", record.sourceFiles());
        m.put("floorOffset", record.floorOffset());
        m.put("trainClips", record.trainClips());
        m.put("heldOutClips", record.heldOutClips());
        m.put("trainWindows", record.trainWindows());
        m.put("heldOutWindows", record.heldOutWindows());
        m.put("stepsMade", record.stepsMade());
        m.put("seconds", record.seconds());
        m.put("stoppedByTimeLimit", record.stoppedByTimeLimit());
        m.put("heldOutLoss", record.heldOutLoss());
        m.put("heldOutAngleDeg", record.heldOutAngleDeg());
        m.put("trainAngleDeg", record.trainAngleDeg());
        m.put("lossCurve", new ArrayList<>(record.lossCurve()));
        return m;
    }
}
