package org.clothgraph.motion.character;

import java.nio.file.Path;

import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.retarget.JointMapper;

/**
 * A character read from the user's file and mapped: its source skeleton and the mapping found on it, the canonical
 * character skeleton built from them, and its own skinned surface (null for a BVH or ASF skeleton, whose surface is
 * generated from its body capsules as for the demo character).
 */
public record ImportedCharacter(String name, Path file, Skeleton source, JointMapper.Mapping mapping, Skeleton skeleton,
        CharacterSkin skin) {
}
