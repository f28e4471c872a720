package org.clothgraph.model;

/**
 * The project character: skeleton file (BVH rest pose) and body file (collision and display),
 * both relative to the project folder.
 */
public record CharacterInfo(String name, String skeletonFile, String bodyFile, int joints, double heightMetres) {
}
