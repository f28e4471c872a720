package org.clothgraph.motion.character;

import java.nio.file.Path;

import org.clothgraph.motion.Skeleton;
import org.clothgraph.motion.Vec3;

/**
 * A character as read from the user's file, before mapping: its skeleton (metres, Y up, joints after their parents)
 * with the world position of every joint in the pose the file binds the surface in, and the skinned surface when the
 * file has one (a glTF skin; a BVH or ASF skeleton has none).
 *
 * @param positions world position of every skeleton joint in the bind pose (metres)
 * @param skin the surface bound to the skeleton's joints, or null
 */
public record CharacterSource(Path file, String name, Skeleton skeleton, Vec3[] positions, SourceSkin skin) {

    /**
     * A triangle mesh bound to the source skeleton: vertex positions in the bind pose (metres, xyz), three vertex
     * indices per triangle, and per vertex four joint indices (into the source skeleton) with their weights.
     */
    public record SourceSkin(double[] positions, int[] triangles, int[] joints, double[] weights) {
        public int vertexCount() {
            return positions.length / 3;
        }
    }
}
