/**
 * The runtime side of a compressed cloth database (Kim et al. 2013, section 5.2): plain Java, no Eclipse, OSGi
 * or GL dependency, so an engine team can lift it. {@link org.clothgraph.runtime.QuantisedBasis} decodes frames.
 */
package org.clothgraph.runtime;
