/**
 * The cloth-on-body OpenGL drawing that every ClothGraph GL view shares (Cloth Preview, Exploration, Playback):
 * one canvas per view, scenes as flat arrays, a fixed-function renderer with an orbit camera and offscreen capture.
 */
package org.clothgraph.cloth.ui.gl;
