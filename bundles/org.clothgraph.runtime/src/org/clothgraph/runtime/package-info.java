/**
 * The runtime side of a compressed cloth database (Kim et al. 2013, section 5): reader ({@link RuntimeDatabase}),
 * decoder ({@link QuantisedBasis}) and character-driven playback ({@link Player}); plain Java, no Eclipse, OSGi or
 * GL dependency (XZ for Java is its one library), so an engine team can lift it.
 */
package org.clothgraph.runtime;
