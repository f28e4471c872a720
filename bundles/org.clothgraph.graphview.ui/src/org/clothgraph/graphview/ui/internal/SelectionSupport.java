package org.clothgraph.graphview.ui.internal;

import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;

/** The view's selection for the workbench (the Properties view and other views listen through the site). */
final class SelectionSupport implements ISelectionProvider {
    private final ListenerList<ISelectionChangedListener> listeners = new ListenerList<>();
    private ISelection selection = StructuredSelection.EMPTY;

    void set(ISelection s) {
        selection = s;
        SelectionChangedEvent event = new SelectionChangedEvent(this, s);
        for (ISelectionChangedListener l : listeners) {
            l.selectionChanged(event);
        }
    }

    @Override
    public void addSelectionChangedListener(ISelectionChangedListener l) {
        listeners.add(l);
    }

    @Override
    public void removeSelectionChangedListener(ISelectionChangedListener l) {
        listeners.remove(l);
    }

    @Override
    public ISelection getSelection() {
        return selection;
    }

    @Override
    public void setSelection(ISelection s) {
        set(s);
    }
}
