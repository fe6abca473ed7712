package com.walletcards.provider.apple;

import java.util.Collection;
import java.util.Set;

/** Tells the devices that registered passes that those passes changed. */
interface DevicePushes {

    /**
     * Pushes to every device registered for the passes; returns the serials for which APNs
     * accepted at least one push.
     */
    Set<String> push(Collection<String> serials);
}
