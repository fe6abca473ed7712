package com.walletcards.holder;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.OrganizationContact;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardStatus;
import com.walletcards.card.HolderCards;
import com.walletcards.card.WalletCard;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.web.HolderLanguages;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * What every page behind a download code starts from: the card, its campaign, recipient and
 * organization, and the one language all those pages speak (ADR 0032). The card page, the EU
 * wallet's offer page, the demonstration wallet and the void and unknown-link pages ask here, so a
 * holder never meets one page in German and the next in English.
 */
@Component
class HolderLinks {

    /** A card whose page can be shown (live or revoked), with the page's language. */
    record Found(
            WalletCard card,
            Campaign campaign,
            Recipient recipient,
            Optional<Organization> organization,
            Locale locale) {

        String organizer() {
            return organization.map(Organization::name).orElse("");
        }

        @Nullable
        OrganizationContact contact() {
            return organization.map(Organization::contact).orElse(null);
        }

        boolean revoked() {
            return card.status() == CardStatus.revoked;
        }
    }

    /**
     * No card to show. The organizer is named only when the service has one organization: then
     * every link is that organizer's, and saying so tells nothing about the link.
     */
    record Unknown(
            String organizer, Locale locale, @Nullable OrganizationContact contact) {}

    private final HolderCards cards;
    private final RecipientReads recipients;
    private final CampaignManagement campaigns;
    private final AccessManagement access;

    HolderLinks(HolderCards cards, RecipientReads recipients, CampaignManagement campaigns, AccessManagement access) {
        this.cards = cards;
        this.recipients = recipients;
        this.campaigns = campaigns;
        this.access = access;
    }

    /**
     * No transaction around it: a recipient or campaign deleted meanwhile is simply not found, and
     * so is a deleted card.
     */
    Optional<Found> find(String code, @Nullable String acceptLanguage) {
        Optional<WalletCard> found = cards.byDownloadCode(code);
        if (found.isEmpty() || found.get().status() == CardStatus.deleted) {
            return Optional.empty();
        }
        WalletCard card = found.get();
        Optional<Campaign> campaign = campaigns.find(card.organizationId(), new CampaignId(card.campaignId()));
        Optional<Recipient> recipient = campaign.flatMap(c -> recipient(card));
        if (campaign.isEmpty() || recipient.isEmpty()) {
            return Optional.empty();
        }
        Optional<Organization> organization = access.organization(card.organizationId());
        Locale locale = language(recipient.get().locale(), acceptLanguage, organization);
        return Optional.of(new Found(card, campaign.get(), recipient.get(), organization, locale));
    }

    Unknown unknown(@Nullable String acceptLanguage) {
        Optional<Organization> sole = access.soleOrganization();
        return new Unknown(
                sole.map(Organization::name).orElse(""),
                language(null, acceptLanguage, sole),
                sole.map(Organization::contact).orElse(null));
    }

    /**
     * The order of ADR 0032: the recipient's own locale (the organizer knows it, and the invite
     * email spoke it), else the browser's first supported language, else the organization's
     * default, else English. A German recipient on a borrowed English phone still reads German.
     */
    static Locale language(
            @Nullable Locale recipient, @Nullable String acceptLanguage, Optional<Organization> organization) {
        if (recipient != null && HolderLanguages.SUPPORTED.contains(Locale.forLanguageTag(recipient.getLanguage()))) {
            return Locale.forLanguageTag(recipient.getLanguage());
        }
        return HolderLanguages.named(acceptLanguage)
                .orElse(organization.map(Organization::defaultLocale).orElse(AccessManagement.DEFAULT_LOCALE));
    }

    private Optional<Recipient> recipient(WalletCard card) {
        try {
            return Optional.of(
                    recipients.get(card.organizationId(), new CampaignId(card.campaignId()), card.recipientId()));
        } catch (ApiException gone) {
            return Optional.empty();
        }
    }
}
