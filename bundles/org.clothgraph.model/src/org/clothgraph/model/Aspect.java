package org.clothgraph.model;

/** The parts of a project a change can touch; views refresh only what they show. */
public enum Aspect {
    PROJECT, CHARACTER, GARMENTS, CLIPS, PRIMARY_GRAPH, SECONDARY_GRAPH, FRAMES, SETTINGS, DATABASES
}
