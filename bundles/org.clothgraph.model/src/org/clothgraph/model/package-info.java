/**
 * The ClothGraph workspace model: one project folder holding the character, garments, motion clips,
 * the primary motion graph, the secondary cloth graph and compressed databases, with one change path.
 */
package org.clothgraph.model;
