package org.clothgraph.motion.retarget;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.clothgraph.model.InvalidInputException;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.internal.TextInput;

/**
 * Source-joint to character-joint name table, as given by a user (--map) or made by {@link JointMapper}. Text form: one
 * "sourceName targetName" pair per line, '#' comments; a prefix such as "mixamorig:" on source names is ignored when
 * the full name is not listed.
 */
public final class JointMap {
    private final String name;
    private final Map<String, String> map;

    public JointMap(String name, Map<String, String> sourceToTarget) {
        this.name = name;
        this.map = Collections.unmodifiableMap(new LinkedHashMap<>(sourceToTarget));
    }

    public String name() { return name; }
    public Map<String, String> entries() { return map; }

    /** Target name for a source joint, or null when it is not mapped. */
    public String target(String source) {
        String t = map.get(source);
        if (t == null && source.indexOf(':') >= 0) t = map.get(source.substring(source.lastIndexOf(':') + 1));
        return t;
    }

    /** Number of the skeleton's joints this table maps. */
    public int matches(Skeleton s) {
        return (int) s.names().stream().filter(n -> target(n) != null).count();
    }

    public static JointMap identity(Skeleton target) {
        Map<String, String> m = new LinkedHashMap<>();
        target.names().forEach(n -> m.put(n, n));
        return new JointMap("identity", m);
    }

    /** The automatic mapping of the skeleton onto the character's joints ({@link JointMapper}). */
    public static JointMap forSkeleton(Skeleton s) {
        return JointMapper.map(s).toJointMap("automatic");
    }

    public static JointMap load(Path file) {
        return parse(file.toString(), TextInput.readFile(file));
    }

    public static JointMap parse(String source, String text) {
        Map<String, String> m = new LinkedHashMap<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].trim();
            if (l.isEmpty() || l.startsWith("#")) continue;
            String[] t = l.split("\\s+");
            if (t.length != 2) throw new InvalidInputException(source, "line " + (i + 1), "expected 'sourceName targetName'");
            if (m.put(t[0], t[1]) != null) throw new InvalidInputException(source, "line " + (i + 1), "source joint listed twice: " + t[0]);
        }
        return new JointMap(Path.of(source).getFileName() == null ? source : Path.of(source).getFileName().toString(), m);
    }

    public String format() {
        StringBuilder b = new StringBuilder("# joint map ").append(name.replaceAll("[\\r\\n]", " ")).append(": sourceName targetName\n");
        map.forEach((k, v) -> b.append(k).append(' ').append(v).append('\n'));
        return b.toString();
    }

    public void save(Path file) throws IOException {
        Files.writeString(file, format(), StandardCharsets.UTF_8);
    }
}
