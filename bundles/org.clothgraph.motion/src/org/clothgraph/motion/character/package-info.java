/**
 * The project character from the user's own file: a skinned glTF 2.0 character or a BVH/ASF skeleton, mapped onto
 * the canonical roles by the automatic joint mapping and stored with its skinned surface ({@link CharacterImport}).
 */
package org.clothgraph.motion.character;
