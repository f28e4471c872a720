/** The workbench's Retarget view over the headless learned retargeting (org.clothgraph.retarget). */
package org.clothgraph.retarget.ui;
