package org.clothgraph.playback.ui;

/** Ids of the playback parts. */
public final class PlaybackUi {
    public static final String PLAYBACK_VIEW_ID = "org.clothgraph.playback.ui.playback";
    /** Job family of opening a runtime database for playback. */
    public static final Object OPEN_FAMILY = "org.clothgraph.playback.ui.open";

    private PlaybackUi() {
    }
}
