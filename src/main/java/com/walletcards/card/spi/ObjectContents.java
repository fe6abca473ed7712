package com.walletcards.card.spi;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ProviderName;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a protocol adapter reads the card behind one of its objects when a wallet asks for it on
 * its own (a device fetching the newest pass, a wallet asking for a credential). The card module
 * implements it; adapters never see card rows.
 */
public interface ObjectContents {

    /** The object's card as it is now; empty when the provider has no such object. */
    Optional<CurrentObject> find(ProviderName provider, String objectRef);

    /**
     * @param content the newest content with the barcode value (for a deleted recipient, the content
     *     it last had); {@code null} when even that is gone (an adapter then serves what it last
     *     issued)
     */
    record CurrentObject(
            ProviderObjectRef object,
            OrganizationId organizationId,
            State state,
            @Nullable CardContent content) {}

    enum State {
        /** Neither revoked nor deleted: the card shows its content. */
        LIVE,
        /** Revoked: shown as void. */
        REVOKED,
        /** The recipient was deleted: no more updates. */
        DELETED
    }
}
