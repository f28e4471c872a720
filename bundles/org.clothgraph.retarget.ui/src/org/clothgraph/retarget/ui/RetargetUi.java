package org.clothgraph.retarget.ui;

/** Ids of the learned-retargeting parts of the workbench. */
public final class RetargetUi {
    /** The Retarget view: source, copy-rotation baseline and learned result side by side, with the measures. */
    public static final String RETARGET_VIEW_ID = "org.clothgraph.retarget.ui.retarget";
    /** Family of the view's retargeting jobs. */
    public static final Object FAMILY = RetargetUi.class.getName() + ".jobs";

    private RetargetUi() {
    }
}
