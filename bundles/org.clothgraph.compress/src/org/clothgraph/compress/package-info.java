/**
 * Compression of an explored secondary graph into a runtime database (Kim et al. 2013, section 4): out-of-core
 * truncated SVD, per-vector rescale, 8/16-bit quantisation held to a measured tolerance, LZMA2 coefficient blocks.
 */
package org.clothgraph.compress;
