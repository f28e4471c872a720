package org.clothgraph.runtime;

import java.util.List;

/**
 * A user's choice of the next clip: at each branch point it takes a transition into the wanted clip when one
 * leaves the current node, otherwise it stays in the current clip (its clip edge), otherwise the first way on.
 * {@link #want(String)} may be called from another thread (a key press) while the player runs.
 */
public final class ClipController implements Controller {
    private volatile String wanted;

    /** @param clip the clip to go to at the next chance (null: keep playing the current clip) */
    public ClipController(String clip) {
        this.wanted = clip;
    }

    public void want(String clip) {
        this.wanted = clip;
    }

    public String wanted() {
        return wanted;
    }

    @Override
    public int choose(Player player) {
        List<Choice> choices = player.choices();
        String clip = wanted;
        if (clip != null) {
            for (Choice c : choices) {
                if (c.clipChange() && clip.equals(c.clip())) {
                    return c.index();
                }
            }
        }
        for (Choice c : choices) {
            if (!c.clipChange()) {
                return c.index();
            }
        }
        return 0;
    }
}
