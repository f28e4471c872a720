/**
 * The ClothGraph command line: {@link org.clothgraph.cli.Cli} parses and runs commands; the headless
 * Eclipse application and the tests call it the same way.
 */
package org.clothgraph.cli;
