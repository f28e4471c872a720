/**
 * The ClothGraph workbench: the open project session that every view shares, and the ids of the
 * perspective and views that later UI bundles extend.
 */
package org.clothgraph.ui;
