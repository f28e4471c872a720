package org.clothgraph.model.jobs;

import org.eclipse.core.runtime.IProgressMonitor;

/**
 * Long work as a core operation: it reports progress on the monitor and lets
 * {@link org.eclipse.core.runtime.OperationCanceledException} escape when cancelled.
 */
@FunctionalInterface
public interface CoreOperation<T> {
    T run(IProgressMonitor monitor) throws Exception;
}
