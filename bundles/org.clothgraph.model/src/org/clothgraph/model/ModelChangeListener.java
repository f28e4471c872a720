package org.clothgraph.model;

/** The one change-notification path of the model: every view and job subscribes here. */
@FunctionalInterface
public interface ModelChangeListener {
    void modelChanged(ModelChange change);
}
