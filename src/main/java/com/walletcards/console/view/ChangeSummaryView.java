package com.walletcards.console.view;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a change to a campaign with installed cards will do, before it is sent: the changed fields,
 * the installed cards per wallet, and the hidden fields that carry the change to the confirmation.
 */
public record ChangeSummaryView(
        List<ChangedField> fields,
        long appleInstalled,
        long appleDevices,
        long googleInstalled,
        long euInstalled,
        List<Hidden> hidden,
        String version,
        boolean changedMeanwhile) {

    /** A changed field, old and new value (empty: not set), and Apple Wallet's change message if any. */
    public record ChangedField(
            String path,
            String before,
            String after,
            boolean shownOnCards,
            @Nullable String appleMessage) {}

    public record Hidden(String name, String value) {}

    public long installed() {
        return appleInstalled + googleInstalled + euInstalled;
    }

    public boolean anyAppleMessage() {
        return fields.stream().anyMatch(f -> f.appleMessage() != null);
    }
}
