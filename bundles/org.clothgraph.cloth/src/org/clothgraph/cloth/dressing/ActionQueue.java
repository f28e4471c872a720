package org.clothgraph.cloth.dressing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.clothgraph.cloth.dressing.DressingAction.Align;
import org.clothgraph.cloth.dressing.DressingAction.Drag;
import org.clothgraph.cloth.dressing.DressingAction.FeaturePoint;
import org.clothgraph.cloth.dressing.DressingAction.Grip;
import org.clothgraph.cloth.dressing.DressingAction.Hand;
import org.clothgraph.cloth.dressing.DressingAction.HandKey;
import org.clothgraph.cloth.dressing.DressingAction.Idle;
import org.clothgraph.cloth.dressing.DressingAction.Release;
import org.clothgraph.cloth.dressing.DressingAction.Track;
import org.clothgraph.model.InvalidInputException;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

/**
 * An ordered queue of dressing actions, read from and written to JSON:
 * {@code {"actions": [{"type": "align", "hand": "right", "feature": "hood rim", "at": "top", "duration": 1.2}, ...]}}.
 * Bad input is one {@link InvalidInputException} naming the file and the field ({@code actions[2].duration}).
 */
public record ActionQueue(List<DressingAction> actions) {
    /** Longest queue and longest action accepted, so a typo cannot start an hour of simulation. */
    public static final int MAX_ACTIONS = 200;
    public static final double MAX_SECONDS = 60;
    static final Set<String> JOINTS = Set.of("head", "neck", "shoulder", "chest");
    static final Set<String> POINTS = Set.of("top", "bottom", "front", "back", "left", "right", "centre");

    public ActionQueue {
        actions = List.copyOf(actions);
    }

    /** Seconds the whole queue takes at most. */
    public double duration() {
        return actions.stream().mapToDouble(DressingAction::duration).sum();
    }

    public static ActionQueue read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidInputException(file, null, "cannot read: " + e.getMessage(), e);
        }
        return parse(file.toString(), text);
    }

    public void write(Path file) throws IOException {
        Files.writeString(file, toJson(), StandardCharsets.UTF_8);
    }

    /** Parses a queue; {@code source} names the input in errors. */
    public static ActionQueue parse(String source, String json) {
        JsonElement root;
        try {
            root = JsonParser.parseString(json);
        } catch (JsonParseException e) {
            throw new InvalidInputException(source, null, "not JSON: " + firstLine(e.getMessage()));
        }
        if (!root.isJsonObject() || !root.getAsJsonObject().has("actions")
                || !root.getAsJsonObject().get("actions").isJsonArray()) {
            throw new InvalidInputException(source, "actions", "expected an object with an \"actions\" array");
        }
        JsonArray a = root.getAsJsonObject().getAsJsonArray("actions");
        if (a.isEmpty() || a.size() > MAX_ACTIONS) {
            throw new InvalidInputException(source, "actions", "needs 1 to " + MAX_ACTIONS + " actions, has " + a.size());
        }
        List<DressingAction> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            String at = "actions[" + i + "]";
            if (!a.get(i).isJsonObject()) {
                throw new InvalidInputException(source, at, "expected an object");
            }
            out.add(action(new Fields(source, at, a.get(i).getAsJsonObject())));
        }
        return new ActionQueue(out);
    }

    private static DressingAction action(Fields f) {
        String type = f.string("type");
        return switch (type) {
            case "grip" -> new Grip(f.hand(), f.point(), f.number("radius", 0.03, 0.002, 0.3),
                    (int) f.number("maxVertices", 30, 1, 10_000), f.number("reach", 0.1, 0.0, 1.0));
            case "track" -> track(f);
            case "align" -> new Align(f.hand(), f.point(), f.number("approach", 0.12, 0, 1), f.duration(), f.through());
            case "drag" -> new Drag(f.hand(), f.strings("segments"), f.number("clearance", 0.04, 0, 0.5), f.duration());
            case "release" -> new Release(f.hand());
            case "idle" -> new Idle(f.duration());
            default -> throw f.bad("type", "must be grip, track, align, drag, release or idle (got '" + type + "')");
        };
    }

    private static Track track(Fields f) {
        double duration = f.duration();
        boolean hasClip = f.o.has("clip"), hasKeys = f.o.has("keys");
        if (hasClip == hasKeys) {
            throw f.bad("clip", "a track needs either \"clip\" (a reference motion) or \"keys\" (hand keys), not "
                    + (hasClip ? "both" : "neither"));
        }
        if (hasClip) {
            return new Track(f.string("clip"), null, List.of(), duration);
        }
        if (!f.o.get("keys").isJsonArray() || f.o.getAsJsonArray("keys").isEmpty()) {
            throw f.bad("keys", "expected a non-empty array of hand keys");
        }
        JsonArray ks = f.o.getAsJsonArray("keys");
        List<HandKey> keys = new ArrayList<>();
        double last = 0;
        for (int k = 0; k < ks.size(); k++) {
            String at = f.at + ".keys[" + k + "]";
            if (!ks.get(k).isJsonObject()) {
                throw new InvalidInputException(f.source, at, "expected an object");
            }
            Fields kf = new Fields(f.source, at, ks.get(k).getAsJsonObject());
            double time = kf.number("time", Double.NaN, 0, duration);
            if (!(time > last)) {
                throw kf.bad("time", "keys must come in increasing time after 0 (got " + time + ")");
            }
            last = time;
            String rel = kf.string("relativeTo");
            if (!JOINTS.contains(rel)) {
                throw kf.bad("relativeTo", "must be one of " + String.join(", ", new java.util.TreeSet<>(JOINTS))
                        + " (got '" + rel + "')");
            }
            keys.add(new HandKey(time, rel, kf.vector("offset")));
        }
        return new Track(null, f.hand(true), keys, duration);
    }

    public String toJson() {
        JsonArray a = new JsonArray();
        for (DressingAction x : actions) {
            JsonObject o = new JsonObject();
            o.addProperty("type", x.type());
            if (x instanceof Grip g) {
                o.addProperty("hand", g.hand().id());
                point(o, g.target());
                o.addProperty("radius", g.radius());
                o.addProperty("maxVertices", g.maxVertices());
                o.addProperty("reach", g.reach());
            } else if (x instanceof Track t) {
                if (t.clip() != null) {
                    o.addProperty("clip", t.clip());
                } else {
                    o.addProperty("hand", t.bothHands() ? "both" : t.hand().id());
                    JsonArray ks = new JsonArray();
                    for (HandKey k : t.keys()) {
                        JsonObject ko = new JsonObject();
                        ko.addProperty("time", k.time());
                        ko.addProperty("relativeTo", k.relativeTo());
                        JsonArray off = new JsonArray();
                        for (double d : k.offset()) {
                            off.add(d);
                        }
                        ko.add("offset", off);
                        ks.add(ko);
                    }
                    o.add("keys", ks);
                }
                o.addProperty("duration", t.duration());
            } else if (x instanceof Align al) {
                o.addProperty("hand", al.hand().id());
                point(o, al.target());
                o.addProperty("approach", al.approach());
                o.addProperty("duration", al.duration());
                if (al.through() != null) {
                    o.addProperty(al.through().toward() ? "toward" : "awayFrom", al.through().feature());
                    o.addProperty("beyond", al.through().beyond());
                }
            } else if (x instanceof Drag d) {
                o.addProperty("hand", d.hand().id());
                JsonArray s = new JsonArray();
                d.segments().forEach(s::add);
                o.add("segments", s);
                o.addProperty("clearance", d.clearance());
                o.addProperty("duration", d.duration());
            } else if (x instanceof Release r) {
                o.addProperty("hand", r.hand().id());
            } else if (x instanceof Idle i) {
                o.addProperty("duration", i.duration());
            }
            a.add(o);
        }
        JsonObject root = new JsonObject();
        root.add("actions", a);
        return new GsonBuilder().setPrettyPrinting().create().toJson(root);
    }

    private static void point(JsonObject o, FeaturePoint p) {
        o.addProperty("feature", p.feature());
        o.addProperty("at", p.at());
        if (p.onCloth()) {
            o.addProperty("on", "cloth");
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "malformed";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** One JSON object of the queue with the path to it, for errors that name the field. */
    private record Fields(String source, String at, JsonObject o) {
        InvalidInputException bad(String field, String message) {
            return new InvalidInputException(source, at + "." + field, message);
        }

        String string(String field) {
            JsonElement e = o.get(field);
            if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString() || e.getAsString().isBlank()) {
                throw bad(field, "expected a non-empty string");
            }
            return e.getAsString().strip();
        }

        double number(String field, double dflt, double min, double max) {
            JsonElement e = o.get(field);
            if (e == null && !Double.isNaN(dflt)) {
                return dflt;
            }
            if (e == null || !e.isJsonPrimitive() || !((JsonPrimitive) e).isNumber()) {
                throw bad(field, "expected a number");
            }
            double v = e.getAsDouble();
            if (!(v >= min && v <= max)) {
                throw bad(field, "must be between " + min + " and " + max + " (got " + v + ")");
            }
            return v;
        }

        double duration() {
            double d = number("duration", Double.NaN, 0, MAX_SECONDS);
            if (!(d > 0)) {
                throw bad("duration", "must be more than 0 seconds (got " + d + ")");
            }
            return d;
        }

        Hand hand() {
            return hand(false);
        }

        /** The hand; with {@code orBoth}, null for "both" (a keyed track for both hands). */
        Hand hand(boolean orBoth) {
            String h = string("hand").toLowerCase(Locale.ROOT);
            if (orBoth && h.equals("both")) {
                return null;
            }
            return switch (h) {
                case "left" -> Hand.LEFT;
                case "right" -> Hand.RIGHT;
                default -> throw bad("hand", "must be " + (orBoth ? "left, right or both" : "left or right") + " (got '"
                        + h + "')");
            };
        }

        FeaturePoint point() {
            String feature = string("feature");
            String p = o.has("at") ? string("at").toLowerCase(Locale.ROOT) : "centre";
            if (!POINTS.contains(p)) {
                throw bad("at", "must be one of " + String.join(", ", new java.util.TreeSet<>(POINTS)) + " (got '" + p + "')");
            }
            String on = o.has("on") ? string("on").toLowerCase(Locale.ROOT) : "rest";
            if (!on.equals("rest") && !on.equals("cloth")) {
                throw bad("on", "must be rest or cloth (got '" + on + "')");
            }
            if (on.equals("cloth") && p.equals("centre")) {
                throw bad("on", "the centre is every vertex of the loop, on the rest mesh or the cloth alike (\"on\":"
                        + " \"cloth\" chooses a point of the loop: top, bottom, front, back, left or right)");
            }
            return new FeaturePoint(feature, p, on.equals("cloth"));
        }

        /** Align's way through an opening: "toward" or "awayFrom" a feature (not both), "beyond" metres past it. */
        DressingAction.Through through() {
            boolean toward = o.has("toward"), away = o.has("awayFrom");
            if (toward && away) {
                throw bad("awayFrom", "an align goes toward a feature or away from one, not both");
            }
            if (!toward && !away) {
                if (o.has("beyond")) {
                    throw bad("beyond", "only with \"toward\" or \"awayFrom\" (the way through the opening)");
                }
                return null;
            }
            if (o.has("at") && !string("at").equalsIgnoreCase("centre")) {
                throw bad("at", "an align through an opening goes through its centre (got '" + string("at") + "')");
            }
            return new DressingAction.Through(string(toward ? "toward" : "awayFrom"), toward,
                    number("beyond", 0.05, 0, 1));
        }

        List<String> strings(String field) {
            JsonElement e = o.get(field);
            if (e == null || !e.isJsonArray() || e.getAsJsonArray().isEmpty()) {
                throw bad(field, "expected a non-empty array of names");
            }
            List<String> out = new ArrayList<>();
            for (JsonElement x : e.getAsJsonArray()) {
                if (!x.isJsonPrimitive() || !x.getAsJsonPrimitive().isString() || x.getAsString().isBlank()) {
                    throw bad(field, "expected names (strings)");
                }
                out.add(x.getAsString().strip());
            }
            return out;
        }

        double[] vector(String field) {
            JsonElement e = o.get(field);
            if (e == null || !e.isJsonArray() || e.getAsJsonArray().size() != 3) {
                throw bad(field, "expected [out, up, forward] in metres");
            }
            double[] v = new double[3];
            for (int k = 0; k < 3; k++) {
                JsonElement x = e.getAsJsonArray().get(k);
                if (!x.isJsonPrimitive() || !x.getAsJsonPrimitive().isNumber() || !Double.isFinite(x.getAsDouble())
                        || Math.abs(x.getAsDouble()) > 2) {
                    throw bad(field, "expected [out, up, forward], each a number within 2 m");
                }
                v[k] = x.getAsDouble();
            }
            return v;
        }
    }
}
