package com.walletcards.provider.google;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.ObjectContents;
import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.card.spi.ObjectEvents;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.provider.google.WalletContent.Vertical;
import com.walletcards.provider.google.WalletRecords.ClassRecord;
import com.walletcards.provider.google.WalletRecords.MessageRecord;
import com.walletcards.provider.google.WalletRecords.MessageTarget;
import com.walletcards.provider.google.WalletRecords.ObjectRecord;
import com.walletcards.shared.Ids;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Provider {@code beta} as Google Wallet. Nothing goes to Google before a holder opens the save
 * link: that inserts the campaign's class (once) and the card's object, then redirects to the
 * signed link. Afterwards a campaign change is one class PATCH, a holder change one object PATCH,
 * a notification one class-level message, a revocation the object's state {@code INACTIVE}.
 */
final class GoogleWalletProvider implements WalletProvider {

    static final String CAPACITY_NOTE =
            "shown on the pass without a lock-screen notification: Google allows 3 notifying messages per pass in 24"
                    + " hours";
    static final String NEVER_SAVED = "the card's Google Wallet object does not exist: its save link was never opened";
    /** Google keeps at most this many messages on a class or object. */
    static final int MAX_MESSAGES = 10;
    /**
     * Up to this many live objects in a class, a notification is one message per targeted object
     * (a read and an add each) rather than one for the class: it then reaches exactly them.
     */
    static final int OBJECT_MESSAGES_UP_TO = 3;

    private final String issuerId;
    private final GoogleWalletApi api;
    private final WalletRecords records;
    private final SaveLinks links;
    private final String callbackUrl;
    private final ObjectContents contents;

    GoogleWalletProvider(
            String issuerId,
            GoogleWalletApi api,
            WalletRecords records,
            SaveLinks links,
            String callbackUrl,
            ObjectContents contents) {
        this.issuerId = issuerId;
        this.contents = contents;
        this.api = api;
        this.records = records;
        this.links = links;
        this.callbackUrl = callbackUrl;
    }

    @Override
    public ProviderName name() {
        return ProviderName.beta;
    }

    @Override
    public Capabilities capabilities() {
        return Capabilities.ALL;
    }

    @Override
    public String allocateObjectRef(String walletCardId) {
        return issuerId + "." + Ids.newId("gw");
    }

    /** Objects are inserted when their save link is first opened: a card never opened costs nothing. */
    @Override
    public void createObjects(List<ObjectContent> objects) {}

    @Override
    public void updateObjects(List<ObjectContent> updates) {
        Map<String, ObjectRecord> known =
                known(updates.stream().map(u -> u.object().objectRef()).toList());
        for (ObjectContent update : updates) {
            ObjectRecord record = known.get(update.object().objectRef());
            if (record != null && !record.inactive()) {
                push(record, update.content());
            }
        }
    }

    /**
     * One object PATCH when the holder's part shown on the pass changed; nothing for an older
     * version (a late push) or content that looks the same (a campaign change, which its class
     * carries).
     */
    private void push(ObjectRecord record, CardContent content) {
        if (content.version() <= record.contentVersion()) {
            return;
        }
        Map<String, Object> patch = WalletContent.objectPatch(content);
        String hash = WalletRecords.hash(patch);
        if (!hash.equals(record.bodyHash())) {
            try {
                api.patch(Vertical.valueOf(record.vertical()).objectType(), record.objectId(), patch);
            } catch (ProviderFailure failure) {
                recordIfPermanent(record.objectId(), failure);
                throw failure;
            }
        }
        records.objectSent(record.objectId(), content.version(), hash);
    }

    @Override
    public void updateCampaign(CampaignContent campaign) {
        String classId = WalletContent.classId(issuerId, campaign.campaignId());
        Optional<ClassRecord> record = records.findClass(classId);
        if (record.isEmpty()) {
            return; // no holder opened a save link yet: the class is inserted with the newest content then
        }
        pushClass(record.get(), campaign);
    }

    private void pushClass(ClassRecord record, CampaignContent campaign) {
        if (campaign.version() <= record.campaignVersion()) {
            return;
        }
        Map<String, Object> body = WalletContent.classBody(record.classId(), campaign, callbackUrl);
        String hash = WalletRecords.hash(body);
        if (!hash.equals(record.bodyHash())) {
            api.patch(Vertical.valueOf(record.vertical()).classType(), record.classId(), body);
        }
        records.classSent(record.classId(), campaign.version(), hash);
    }

    @Override
    public void voidObjects(List<ProviderObjectRef> objects) {
        Map<String, ObjectRecord> known =
                known(objects.stream().map(ProviderObjectRef::objectRef).toList());
        for (ProviderObjectRef object : objects) {
            ObjectRecord record = known.get(object.objectRef());
            if (record == null || record.inactive()) {
                continue; // never inserted (its link now answers the void page) or voided already
            }
            try {
                api.patch(
                        Vertical.valueOf(record.vertical()).objectType(),
                        record.objectId(),
                        Map.of("state", "INACTIVE"));
            } catch (ProviderFailure failure) {
                recordIfPermanent(record.objectId(), failure);
                throw failure;
            }
            records.objectInactive(record.objectId());
        }
    }

    /**
     * A notification's message for the objects of one call. Per class: while the class has at most
     * {@link #OBJECT_MESSAGES_UP_TO} live objects, each targeted object gets its own message, so it
     * reaches exactly them (a class message would also show on passes saved later); otherwise one
     * class-level message, which every holder of the class sees and later batches of the same
     * notification find added. Per object, null when the message reached the lock screen, else why
     * not.
     */
    @Override
    public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
        Map<String, ObjectRecord> known =
                known(objects.stream().map(ProviderObjectRef::objectRef).toList());
        List<@Nullable String> outcomes = new ArrayList<>(objects.size());
        Map<String, List<Integer>> byClass = new LinkedHashMap<>();
        for (int i = 0; i < objects.size(); i++) {
            ObjectRecord record = known.get(objects.get(i).objectRef());
            outcomes.add(record == null ? NEVER_SAVED : null);
            if (record != null) {
                byClass.computeIfAbsent(record.classId(), c -> new ArrayList<>())
                        .add(i);
            }
        }
        String messageId = WalletContent.suffix(message.notificationId());
        byClass.forEach((classId, indexes) -> {
            Vertical vertical = Vertical.valueOf(
                    known.get(objects.get(indexes.get(0)).objectRef()).vertical());
            boolean perObject =
                    records.findMessage(MessageTarget.CLASS, classId, messageId).isEmpty()
                            && records.liveObjects(classId) <= OBJECT_MESSAGES_UP_TO;
            if (perObject) {
                for (int i : indexes) {
                    String objectId = objects.get(i).objectRef();
                    outcomes.set(
                            i,
                            outcome(() -> message(
                                    MessageTarget.OBJECT, vertical.objectType(), objectId, messageId, message)));
                }
            } else {
                String outcome =
                        outcome(() -> message(MessageTarget.CLASS, vertical.classType(), classId, messageId, message));
                indexes.forEach(i -> outcomes.set(i, outcome));
            }
        });
        return outcomes;
    }

    private static @Nullable String outcome(Supplier<@Nullable String> delivery) {
        try {
            return delivery.get();
        } catch (ProviderFailure failure) {
            return failure.reason();
        }
    }

    /** Adds the message to the class or object once; a repeated delivery answers the first outcome. */
    private @Nullable String message(
            MessageTarget target, String type, String id, String messageId, PushMessage message) {
        Optional<MessageRecord> added = records.findMessage(target, id, messageId);
        if (added.isPresent()) {
            return added.get().outcome();
        }
        boolean notified = addMessage(type, id, messageId, message);
        String outcome = notified ? null : CAPACITY_NOTE;
        records.recordMessage(target, id, messageId, notified, outcome);
        return outcome;
    }

    /**
     * Adds the message to a class or object, making room first (Google keeps ten). Returns false
     * when Google's quota of 3 notifying messages per pass a day was used up: the message was
     * then added without a lock-screen notification, still worth showing on the pass.
     */
    private boolean addMessage(String type, String id, String messageId, PushMessage message) {
        pruneMessages(type, id);
        try {
            api.addMessage(
                    type, id, WalletContent.message(messageId, message.header(), message.body(), "TEXT_AND_NOTIFY"));
            return true;
        } catch (GoogleWalletApi.NotifyQuotaExceeded quota) {
            api.addMessage(type, id, WalletContent.message(messageId, message.header(), message.body(), "TEXT"));
            return false;
        }
    }

    /** Keeps room for one more message: Google keeps at most ten, so the oldest go first. */
    private void pruneMessages(String type, String id) {
        JsonNode current = api.get(type, id)
                .orElseThrow(() -> ProviderFailure.permanent("Google Wallet has no " + type + " " + id));
        JsonNode messages = current.path("messages");
        if (!messages.isArray() || messages.size() < MAX_MESSAGES) {
            return;
        }
        List<Object> kept = new ArrayList<>();
        for (int i = messages.size() - (MAX_MESSAGES - 1); i < messages.size(); i++) {
            kept.add(GoogleWalletApi.JSON.convertValue(messages.get(i), Map.class));
        }
        api.patch(type, id, Map.of("messages", kept));
    }

    /**
     * Inserts the class and the object when they do not exist yet (a 409 from an earlier attempt
     * whose answer was lost is read as "exists" and patched), brings them up to date when this
     * content is newer than what Google has, and answers the signed save link.
     */
    @Override
    public AddToWallet addToWallet(ObjectContent object) {
        CardContent content = object.content();
        Vertical vertical = Vertical.of(content.campaignType());
        String classId = WalletContent.classId(issuerId, content.campaignId());
        ClassRecord classRecord = records.findClass(classId).orElse(null);
        if (classRecord == null) {
            insertClass(classId, vertical, content.campaign());
            catchUpClass(
                    classId, object.object().objectRef(), content.campaign().version());
        } else {
            pushClass(classRecord, content.campaign());
            vertical = Vertical.valueOf(classRecord.vertical());
        }
        String objectId = object.object().objectRef();
        ObjectRecord objectRecord = records.findObject(objectId).orElse(null);
        if (objectRecord == null) {
            Map<String, Object> body = WalletContent.objectBody(objectId, classId, content);
            Map<String, Object> patch = WalletContent.objectPatch(content);
            if (!api.insert(vertical.objectType(), body)) {
                api.patch(vertical.objectType(), objectId, patch);
            }
            records.recordObject(new ObjectRecord(
                    objectId,
                    object.object().walletCardId(),
                    classId,
                    vertical.name(),
                    content.version(),
                    WalletRecords.hash(patch),
                    false));
        } else if (!objectRecord.inactive()) {
            push(objectRecord, content);
        }
        return new AddToWallet.Redirect(links.link(vertical, objectId, classId));
    }

    /**
     * A campaign change that landed while the class insert was on its way found no class to patch
     * ({@link #updateCampaign} skips a campaign without one). The class is recorded now, so any
     * later change will find it; one that came earlier is read here and patched, instead of
     * waiting for the next link opening.
     */
    private void catchUpClass(String classId, String objectRef, long insertedVersion) {
        contents.find(ProviderName.beta, objectRef)
                .map(ObjectContents.CurrentObject::content)
                .map(CardContent::campaign)
                .filter(newest -> newest.version() > insertedVersion)
                .ifPresent(newest -> records.findClass(classId).ifPresent(record -> pushClass(record, newest)));
    }

    private void insertClass(String classId, Vertical vertical, CampaignContent campaign) {
        Map<String, Object> body = WalletContent.classBody(classId, campaign, callbackUrl);
        if (!api.insert(vertical.classType(), body)) {
            // Inserted before, by another instance or an attempt whose answer was lost: read, then bring up to date.
            api.get(vertical.classType(), classId)
                    .orElseThrow(() -> ProviderFailure.retryLater("class " + classId + " exists and cannot be read"));
            api.patch(vertical.classType(), classId, body);
        }
        records.recordClass(
                classId, campaign.campaignId(), vertical.name(), campaign.version(), WalletRecords.hash(body));
    }

    /**
     * For saves whose callback never came (Google's callbacks have had outages): reads
     * {@code hasUsers} of up to {@code limit} objects whose state is unknown, least recently
     * checked first, and reports the saved ones as installed. Returns how many it reported.
     */
    int reconcile(ObjectEvents events, Clock clock, int limit) {
        int reported = 0;
        for (ObjectRecord record : records.unchecked(limit)) {
            Optional<JsonNode> object;
            try {
                object = api.get(Vertical.valueOf(record.vertical()).objectType(), record.objectId());
            } catch (ProviderFailure failure) {
                if (failure.permanent()) {
                    records.checked(record.objectId(), null);
                    continue;
                }
                throw failure; // Google unavailable: the next run continues
            }
            if (object.isPresent() && object.get().path("hasUsers").asBoolean(false)) {
                try {
                    events.report(new ObjectEvent(
                            ProviderName.beta,
                            record.objectId(),
                            "google:hasUsers:" + record.objectId(),
                            ObjectEvent.Kind.INSTALLED,
                            clock.instant()));
                    reported++;
                } catch (NotFound gone) {
                    // the card is gone from this service: nothing to apply
                }
                records.checked(record.objectId(), true);
            } else {
                records.checked(record.objectId(), null); // still unknown: asked again after the others
            }
        }
        return reported;
    }

    private Map<String, ObjectRecord> known(List<String> objectIds) {
        return records.findObjects(objectIds).stream()
                .collect(
                        Collectors.toMap(ObjectRecord::objectId, Function.identity(), (a, b) -> a, LinkedHashMap::new));
    }

    private void recordIfPermanent(String objectId, ProviderFailure failure) {
        if (failure.permanent()) {
            records.objectFailed(objectId, failure.reason());
        }
    }
}
