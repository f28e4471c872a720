package org.clothgraph.model.jobs;

import java.util.concurrent.atomic.AtomicReference;

import org.clothgraph.model.InvalidInputException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;

/**
 * An Eclipse Job that only runs a {@link CoreOperation} and publishes an immutable
 * {@link JobSnapshot}; views render the latest snapshot.
 */
public class OperationJob<T> extends Job {
    /** Every ClothGraph job belongs to this family: join it to wait for all of them. */
    public static final Object FAMILY = OperationJob.class.getName();
    private static final String PLUGIN = "org.clothgraph.model";

    private final CoreOperation<T> operation;
    private final Object family;
    private final AtomicReference<JobSnapshot<T>> snapshot = new AtomicReference<>(JobSnapshot.running());

    public OperationJob(String name, CoreOperation<T> operation) {
        this(name, FAMILY, operation);
    }

    /** A job that also belongs to a more specific family (e.g. simulation runs). */
    public OperationJob(String name, Object family, CoreOperation<T> operation) {
        super(name);
        this.operation = operation;
        this.family = family;
        setUser(true);
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        try {
            T result = operation.run(monitor);
            snapshot.set(JobSnapshot.completed(result));
            return Status.OK_STATUS;
        } catch (OperationCanceledException e) {
            snapshot.set(JobSnapshot.cancelled());
            return Status.CANCEL_STATUS;
        } catch (InvalidInputException e) {
            snapshot.set(JobSnapshot.failed(e.getMessage()));
            return Status.error(e.getMessage());
        } catch (Exception e) {
            snapshot.set(JobSnapshot.failed(String.valueOf(e.getMessage())));
            return new Status(IStatus.ERROR, PLUGIN, getName() + " failed: " + e.getMessage(), e);
        }
    }

    public JobSnapshot<T> snapshot() {
        return snapshot.get();
    }

    @Override
    public boolean belongsTo(Object family) {
        return FAMILY.equals(family) || this.family.equals(family);
    }
}
