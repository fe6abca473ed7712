package com.walletcards.provider.openid4vci;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.Ids;
import com.walletcards.shared.ProviderName;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@code eudiw} as an OpenID4VCI issuer. A card's object exists only here: it becomes a credential
 * when a wallet redeems an offer. There is no push and no lock-screen message in the protocol; new
 * content reaches the holder at the next issuance (refresh token or a new offer), and a revoked
 * card's credentials are marked in the status list.
 */
final class Openid4vciWalletProvider implements WalletProvider {

    static final Capabilities CAPABILITIES = Capabilities.NONE.withVoiding();

    private final CredentialOffers offers;
    private final TxCodeChecks txCodes;
    private final CredentialQueries credentials;

    Openid4vciWalletProvider(CredentialOffers offers, TxCodeChecks txCodes, CredentialQueries credentials) {
        this.offers = offers;
        this.txCodes = txCodes;
        this.credentials = credentials;
    }

    @Override
    public ProviderName name() {
        return ProviderName.eudiw;
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public String allocateObjectRef(String walletCardId) {
        return Ids.newId("vc");
    }

    /** Nothing to create ahead: credentials are made when a wallet asks for one. */
    @Override
    public void createObjects(List<ObjectContent> objects) {}

    /** Never called (no push capability); the next issuance carries the new content. */
    @Override
    public void updateObjects(List<ObjectContent> updates) {}

    @Override
    public void voidObjects(List<ProviderObjectRef> objects) {
        credentials.revoke(objects.stream().map(ProviderObjectRef::objectRef).toList());
    }

    @Override
    public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
        return Collections.nCopies(objects.size(), "OpenID4VCI has no lock-screen messages");
    }

    /** The transaction code, when they are on: emailed, never shown beside the QR code. */
    @Override
    public @Nullable String inviteEmailLine(ProviderObjectRef object) {
        return txCodes.inviteEmailLine(object.objectRef());
    }

    @Override
    public AddToWallet addToWallet(ObjectContent object) {
        return offers.offer(object.object().objectRef(), object.object().walletCardId());
    }
}
