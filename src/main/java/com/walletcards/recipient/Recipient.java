package com.walletcards.recipient;

import com.walletcards.card.CardStatus;
import com.walletcards.recipient.RecipientEvents.RecipientDeleted;
import com.walletcards.recipient.RecipientEvents.RecipientRevoked;
import com.walletcards.recipient.RecipientEvents.RecipientUpdated;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A person who receives a card in one campaign. Owns the recipient status machine of the spec,
 * whose values are the card's ({@link CardStatus}): a recipient moves with its card where the
 * wallets drive it ({@link #cardStatusChanged}) and on its own where the issuer does (invite,
 * revoke, delete). The card's status itself is the card's: {@link #walletCardStatus} is read
 * from the card with the recipient and never written here (docs/adr/0021-issuance-module.md).
 */
public final class Recipient {

    /** The recipient data key that holds a custom barcode value (campaigns with custom barcode values). */
    public static final String BARCODE_VALUE = "barcodeValue";

    private final String id;
    private final OrganizationId organizationId;
    private final String campaignId;
    private final String email;
    private @Nullable String name;
    private @Nullable String phone;
    private @Nullable String externalId;
    private Map<String, Object> recipientData;
    private @Nullable List<String> providerTypes;
    /** The language of its invite email and card pages; null: its organization's. */
    private @Nullable Locale locale;

    private CardStatus status;
    private @Nullable String walletCardId;
    /** The card's status as the card holds it when the recipient was read. */
    private final @Nullable CardStatus walletCardStatus;

    private long contentVersion;
    private final Instant createdAt;
    private Instant updatedAt;

    Recipient(
            String id,
            OrganizationId organizationId,
            String campaignId,
            String email,
            @Nullable String name,
            @Nullable String phone,
            @Nullable String externalId,
            Map<String, Object> recipientData,
            @Nullable List<String> providerTypes,
            @Nullable Locale locale,
            CardStatus status,
            @Nullable String walletCardId,
            @Nullable CardStatus walletCardStatus,
            long contentVersion,
            Instant createdAt,
            Instant updatedAt) {
        this.id = id;
        this.organizationId = organizationId;
        this.campaignId = campaignId;
        this.email = email;
        this.name = name;
        this.phone = phone;
        this.externalId = externalId;
        this.recipientData = recipientData;
        this.providerTypes = providerTypes;
        this.locale = locale;
        this.status = status;
        this.walletCardId = walletCardId;
        this.walletCardStatus = walletCardStatus;
        this.contentVersion = contentVersion;
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
    }

    /** Invitation works from pending, created, invited (a re-send) and removed; never once revoked. */
    public void ensureInvitable() {
        switch (status) {
            case pending, created, invited, removed -> {}
            case revoked -> throw new InvalidState("The recipient is revoked and cannot be invited again");
            case active -> throw new InvalidState("The recipient's card is already in a wallet");
            case deleted -> throw new InvalidState("The recipient is deleted");
        }
    }

    public void invited(Instant now) {
        ensureInvitable();
        status = CardStatus.invited;
        updatedAt = now;
    }

    public void cardCreated(String cardId, Instant now) {
        walletCardId = cardId;
        if (status == CardStatus.pending) {
            status = CardStatus.created;
        }
        updatedAt = now;
    }

    /** Wallet-driven changes (installed, removed) show on the recipient unless it was revoked or deleted. */
    boolean cardStatusChanged(CardStatus cardStatus, Instant now) {
        if (status == CardStatus.revoked || status == CardStatus.deleted || cardStatus == status) {
            return false;
        }
        status = cardStatus;
        updatedAt = now;
        return true;
    }

    Optional<RecipientRevoked> revoke(Instant now) {
        if (status == CardStatus.revoked) {
            return Optional.empty();
        }
        status = CardStatus.revoked;
        updatedAt = now;
        return Optional.of(new RecipientRevoked(organizationId, id, campaignId, now));
    }

    RecipientDeleted delete(Instant now) {
        status = CardStatus.deleted;
        updatedAt = now;
        return new RecipientDeleted(organizationId, id, campaignId, now);
    }

    /** Applies a PATCH; returns the content event when what the card shows changed. */
    Optional<RecipientUpdated> apply(RecipientChanges changes, Instant now) {
        boolean content = false;
        boolean any = false;
        List<String> changed = new ArrayList<>();
        if (changes.nameSet() && !Objects.equals(changes.name(), name)) {
            name = changes.name();
            changed.add("name");
            content = true;
        }
        if (changes.phoneSet() && !Objects.equals(changes.phone(), phone)) {
            phone = changes.phone();
            any = true;
        }
        if (changes.externalIdSet() && !Objects.equals(changes.externalId(), externalId)) {
            externalId = changes.externalId();
            any = true;
        }
        if (changes.recipientData() != null) {
            Map<String, Object> merged = Json.mergePatch(recipientData, changes.recipientData());
            if (!merged.equals(recipientData)) {
                recipientData = merged;
                changed.add("recipientData");
                content = true;
            }
        }
        if (changes.providerTypes() != null && !changes.providerTypes().equals(providerTypes)) {
            providerTypes = List.copyOf(changes.providerTypes());
            any = true;
        }
        if (changes.localeSet() && !Objects.equals(changes.locale(), locale)) {
            locale = changes.locale();
            any = true;
        }
        if (content || any) {
            updatedAt = now;
        }
        if (!content) {
            return Optional.empty();
        }
        contentVersion++;
        return Optional.of(new RecipientUpdated(organizationId, id, campaignId, contentVersion, changed, now));
    }

    static String normalizedEmail(String email) {
        return email.trim().toLowerCase(Locale.ROOT);
    }

    public String id() {
        return id;
    }

    public OrganizationId organizationId() {
        return organizationId;
    }

    public String campaignId() {
        return campaignId;
    }

    public String email() {
        return email;
    }

    public @Nullable String name() {
        return name;
    }

    public @Nullable String phone() {
        return phone;
    }

    public @Nullable String externalId() {
        return externalId;
    }

    public Map<String, Object> recipientData() {
        return Json.unmodifiable(recipientData);
    }

    public @Nullable List<String> providerTypes() {
        return providerTypes;
    }

    public @Nullable Locale locale() {
        return locale;
    }

    public CardStatus status() {
        return status;
    }

    public @Nullable String walletCardId() {
        return walletCardId;
    }

    public @Nullable CardStatus walletCardStatus() {
        return walletCardStatus;
    }

    public long contentVersion() {
        return contentVersion;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant updatedAt() {
        return updatedAt;
    }
}
