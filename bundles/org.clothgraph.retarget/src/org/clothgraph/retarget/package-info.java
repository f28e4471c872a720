/** Learned retargeting (issue 13): a motion autoencoder trained on one performer, latent optimisation per target. */
package org.clothgraph.retarget;
