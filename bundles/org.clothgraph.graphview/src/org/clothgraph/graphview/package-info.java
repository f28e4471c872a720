/**
 * The whole secondary cloth graph for people to look at (headless): {@link org.clothgraph.graphview.SecondaryGraphSnapshot}
 * (every state and transition of a project with what views colour by), {@link org.clothgraph.graphview.StateEmbedding}
 * (a low-dimensional embedding of the cloth itself), {@link org.clothgraph.graphview.SecondaryGraphLayout} (the
 * primary graph's placement offset by that embedding; never by the class), {@link org.clothgraph.graphview.PathToState}
 * ("how did we get here"), {@link org.clothgraph.graphview.GraphExport} (GraphML, DOT, JSON) and
 * {@link org.clothgraph.graphview.GraphPicture} (the whole graph as a PNG, without a display).
 */
package org.clothgraph.graphview;
