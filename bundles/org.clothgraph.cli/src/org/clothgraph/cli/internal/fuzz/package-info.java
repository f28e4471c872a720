/**
 * {@code bench fuzz}: a seeded mutator and the readers of user files it feeds, each held to reading a mutation or
 * refusing it with the typed bad-input error, one line naming the file and the line or field.
 */
package org.clothgraph.cli.internal.fuzz;
