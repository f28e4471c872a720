/**
 * Shared test support (never shipped): the real data in ../shared/data, waiting on the UI thread
 * without sleep-and-hope, and screenshots under target/ for a person to look at.
 */
package org.clothgraph.testing;
