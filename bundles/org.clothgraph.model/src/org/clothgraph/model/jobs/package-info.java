/**
 * Thin Eclipse Jobs around core operations: one public job family so tests, the CLI and the
 * workbench can join or cancel ClothGraph work.
 */
package org.clothgraph.model.jobs;
