/**
 * Implementation of the runtime decoder: the decode kernels (SIMD through jdk.incubator.vector when the module is
 * present, scalar otherwise). Not API.
 */
package org.clothgraph.runtime.internal;
