/**
 * The Secondary Graph view: every explored cloth state of a project drawn with OpenGL, coloured by class, clip, merge
 * error or age, with the debugging tools around it (filters, properties, how did we get here, neighbourhood).
 */
package org.clothgraph.graphview.ui;
