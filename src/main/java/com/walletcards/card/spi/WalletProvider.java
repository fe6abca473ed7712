package com.walletcards.card.spi;

import com.walletcards.shared.ProviderName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One wallet provider's protocol, as an adapter. The card module decides when to call it; every
 * method except {@link #allocateObjectRef} may go over the network, so the card module calls
 * them from durable background work outside any transaction that holds card rows, retried with
 * backoff. A failure throws {@link ProviderFailure}. Adapters set timeouts on every call.
 * docs/adr/0010-provider-spi.md describes the contract.
 */
public interface WalletProvider {

    ProviderName name();

    Capabilities capabilities();

    /**
     * The reference of a new card's object, allocated without any I/O: it runs inside the
     * transaction that creates the card. Unique per provider.
     */
    String allocateObjectRef(String walletCardId);

    /** Creates the provider-side objects whose references were allocated; repeating it is harmless. */
    void createObjects(List<ObjectContent> objects);

    /** Pushes new content to objects; called only when {@link Capabilities#pushUpdates()}. */
    void updateObjects(List<ObjectContent> updates);

    /**
     * Pushes the campaign part to the provider's class of that campaign; called once per campaign
     * change, and only when {@link Capabilities#campaignLevelUpdate()}.
     */
    default void updateCampaign(CampaignContent campaign) {
        throw new UnsupportedOperationException(name() + " has no campaign-level data");
    }

    /** Shows the objects as void in their wallets; called only when {@link Capabilities#voiding()}. */
    void voidObjects(List<ProviderObjectRef> objects);

    /**
     * Shows one message on many objects; called only when {@link Capabilities#lockScreenMessages()}.
     * Returns, per object in the same order, {@code null} when delivered or why not.
     */
    List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message);

    /**
     * What the holder's "add to wallet" action of this object gets. Called for a card that is not
     * revoked, outside any transaction; may create the object first when it does not exist yet.
     */
    AddToWallet addToWallet(ObjectContent object);

    /**
     * A note the holder page shows under this provider's button, as a message key of the holder
     * page's wording (such as a warning that the deployment's passes do not install); null for none.
     */
    default @Nullable String holderNoteKey() {
        return null;
    }

    /**
     * A line this provider adds to the invitation email of the object, such as a code that its
     * wallet will ask for and that must not appear beside the link; null for none. Called once per
     * email, after the invitation committed and outside any transaction, so a provider may issue a
     * fresh secret each time. The line is plain text; the email escapes it.
     */
    default @Nullable String inviteEmailLine(ProviderObjectRef object) {
        return null;
    }

    /** An object with the content it should show, its barcode value included. */
    record ObjectContent(ProviderObjectRef object, CardContent content) {}

    /**
     * The devices each of these objects is on, by object ref, for a protocol whose devices fetch
     * new content themselves after a push, so that delivery is counted per device. Empty for the
     * others: the object itself is what an update reaches.
     */
    default Map<String, List<String>> devices(List<String> objectRefs) {
        return Map.of();
    }

    /** The default of {@link #deliverMessages} for protocols without a batch call. */
    static List<@Nullable String> oneByOne(List<ProviderObjectRef> objects, MessageSender sender) {
        List<@Nullable String> outcomes = new ArrayList<>(objects.size());
        for (ProviderObjectRef object : objects) {
            try {
                sender.send(object);
                outcomes.add(null);
            } catch (ProviderFailure failure) {
                outcomes.add(failure.reason());
            }
        }
        return outcomes;
    }

    @FunctionalInterface
    interface MessageSender {
        void send(ProviderObjectRef object);
    }
}
