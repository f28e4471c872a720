/**
 * The Secondary Graph view's implementation: the GL canvas and its renderer, the background layout, the side panel,
 * the Properties source, the neighbourhood diagram and the draw bench.
 */
package org.clothgraph.graphview.ui.internal;
