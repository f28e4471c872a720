package org.clothgraph.motion.project;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import org.clothgraph.model.Project;
import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.retarget.JointMap;
import org.clothgraph.motion.retarget.JointMapper;

/**
 * Joint mappings a project keeps per source skeleton (setting scope {@value #SCOPE}): the mapping the user confirmed
 * or corrected in the import wizard, used by the next import of the same skeleton (same joint names and hierarchy)
 * instead of the automatic mapping, from the workbench and the command line alike. A {@code --map} table still wins.
 */
public final class ProjectJointMaps {
    public static final String SCOPE = "joint-maps";

    private ProjectJointMaps() {
    }

    /** The key of a skeleton: its root, joint count and a digest of its joint names and parents. */
    public static String key(Skeleton s) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < s.size(); j++) {
            b.append(s.name(j)).append('/').append(s.parent(j)).append('\n');
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(b.toString().getBytes(StandardCharsets.UTF_8));
            return s.name(0) + " " + s.size() + " joints " + HexFormat.of().formatHex(d, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The saved mapping (source joint to character role) of this skeleton, or null. */
    public static JointMap saved(Project project, Skeleton s) {
        String key = key(s);
        return project.setting(SCOPE, key).map(text -> JointMap.parse("saved joint mapping " + key, text)).orElse(null);
    }

    /** The text a mapping is saved as (what {@link #saved} reads back); empty roles are left out. */
    public static String format(Skeleton s, Map<String, String> roleToSource) {
        Map<String, String> sourceToRole = new java.util.LinkedHashMap<>();
        for (String role : JointMapper.ROLES) {
            String source = roleToSource.get(role);
            if (source != null && s.indexOf(source) >= 0) {
                sourceToRole.put(source, role);
            }
        }
        return new JointMap(key(s), sourceToRole).format();
    }
}
