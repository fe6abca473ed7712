package com.walletcards.provider.apple;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.Ids;
import com.walletcards.shared.ProviderName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@code alpha} as Apple Wallet. A pass's look is rendered from the card's content whenever it is
 * served, so "updating" a pass means recording that it changed (its {@code Last-Modified} moves)
 * and pushing an empty notification to its devices, which then fetch it through the web service.
 * Messages are a change of the pass's "latest message" field; voiding sets {@code voided}.
 */
class AppleWalletProvider implements WalletProvider {

    static final String DEVELOPMENT_NOTE = "wallet.note.developmentPass";
    static final Capabilities CAPABILITIES =
            Capabilities.NONE.withPushUpdates().withLockScreenMessages().withVoiding();

    private final PassRenderer renderer;
    private final PassStore store;
    private final AuthTokens tokens;
    private final PushWindow pushes;

    AppleWalletProvider(PassRenderer renderer, PassStore store, AuthTokens tokens, PushWindow pushes) {
        this.renderer = renderer;
        this.store = store;
        this.tokens = tokens;
        this.pushes = pushes;
    }

    @Override
    public ProviderName name() {
        return ProviderName.alpha;
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    /** The pass's serial number: unique, URL-safe, and never changing. */
    @Override
    public String allocateObjectRef(String walletCardId) {
        return Ids.newId("pass");
    }

    @Override
    public void createObjects(List<ObjectContent> objects) {
        store.ensure(
                objects.stream()
                        .map(o -> newPass(o.object(), o.content().version()))
                        .toList(),
                issued(objects));
    }

    @Override
    public void updateObjects(List<ObjectContent> updates) {
        store.ensure(updates.stream().map(o -> newPass(o.object(), 0)).toList());
        Map<String, PassStore.Issued> newest = new LinkedHashMap<>();
        updates.forEach(u -> newest.merge(
                u.object().objectRef(),
                new PassStore.Issued(u.content().version(), IssuedContent.write(u.content())),
                (a, b) -> a.version() >= b.version() ? a : b));
        pushes.changed(store.contentChanged(newest));
    }

    /** Each pass's registered devices: an update counts as delivered per device that fetched it. */
    @Override
    public Map<String, List<String>> devices(List<String> objectRefs) {
        Map<String, List<String>> devices = new LinkedHashMap<>();
        objectRefs.forEach(ref -> devices.put(ref, new ArrayList<>()));
        store.registrations(objectRefs)
                .forEach(r -> devices.computeIfAbsent(r.serialNumber(), s -> new ArrayList<>())
                        .add(r.deviceLibraryId()));
        return devices;
    }

    @Override
    public void voidObjects(List<ProviderObjectRef> objects) {
        store.ensure(objects.stream().map(o -> newPass(o, 0)).toList());
        pushes.push(
                store.voided(objects.stream().map(ProviderObjectRef::objectRef).toList()));
    }

    /**
     * A message reaches a card when APNs accepted the push for at least one of its devices; a pass
     * on no device cannot show it.
     */
    @Override
    public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
        store.ensure(objects.stream().map(o -> newPass(o, 0)).toList());
        List<String> serials =
                objects.stream().map(ProviderObjectRef::objectRef).toList();
        store.message(serials, message.notificationId(), message.header(), message.body());
        Set<String> reached = pushes.push(serials);
        List<@Nullable String> outcomes = new ArrayList<>(objects.size());
        for (String serial : serials) {
            outcomes.add(reached.contains(serial) ? null : "no device with this pass accepted the push");
        }
        return outcomes;
    }

    /** Passes signed with the development chain open for checking, but no device adds them: holders are told. */
    @Override
    public @Nullable String holderNoteKey() {
        return renderer.credentials().development() ? DEVELOPMENT_NOTE : null;
    }

    @Override
    public AddToWallet addToWallet(ObjectContent object) {
        String serial = object.object().objectRef();
        store.ensure(List.of(newPass(object.object(), object.content().version())), issued(List.of(object)));
        PassStore.Pass pass = store.find(serial).orElseThrow();
        byte[] file = renderer.render(object.content(), pass, tokens.token(serial));
        return new AddToWallet.Download(
                PassPackage.CONTENT_TYPE, fileName(object.content().campaignName()), file);
    }

    /** The content each object is issued with, to serve it so once its recipient is deleted. */
    private static Map<String, String> issued(List<ObjectContent> objects) {
        Map<String, String> issued = new LinkedHashMap<>();
        objects.forEach(o -> issued.put(o.object().objectRef(), IssuedContent.write(o.content())));
        return issued;
    }

    private PassStore.Pass newPass(ProviderObjectRef object, long version) {
        String serial = object.objectRef();
        return new PassStore.Pass(
                serial, object.walletCardId(), AuthTokens.hash(tokens.token(serial)), version, false, null, null, 0);
    }

    static String fileName(String campaignName) {
        String safe = campaignName.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-+|-+$", "");
        return (safe.isEmpty() ? "card" : safe.length() > 60 ? safe.substring(0, 60) : safe) + ".pkpass";
    }
}
