package com.walletcards.issuance;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.OrganizationContact;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignImage;
import com.walletcards.campaign.CampaignImages;
import com.walletcards.campaign.CardColours;
import com.walletcards.campaign.EventTimes;
import com.walletcards.campaign.ImageKind;
import com.walletcards.campaign.Venue;
import com.walletcards.card.WalletCards;
import com.walletcards.email.Invite;
import com.walletcards.email.InviteEmails;
import com.walletcards.email.Mailer;
import com.walletcards.email.OutgoingEmail;
import com.walletcards.recipient.Recipient;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

/** Sends invitation emails, after the invitation itself has committed: a failed email never undoes it. */
@Component
class Invitations {

    private static final Logger log = LoggerFactory.getLogger(Invitations.class);

    private final Mailer mailer;
    private final InviteEmails emails;
    private final AccessManagement access;
    private final MessageSource words;
    private final WalletCards cards;
    private final CampaignImages images;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    Invitations(
            Mailer mailer,
            InviteEmails emails,
            AccessManagement access,
            MessageSource words,
            WalletCards cards,
            CampaignImages images,
            ApplicationEventPublisher events,
            Clock clock) {
        this.mailer = mailer;
        this.images = images;
        this.events = events;
        this.clock = clock;
        this.cards = cards;
        this.emails = emails;
        this.access = access;
        this.words = words;
    }

    record Pending(Recipient recipient, Campaign campaign, String downloadUrl) {}

    /**
     * The campaign's own logo at its public address under the download base (content-addressed, so
     * mail apps may cache it); the built-in neutral logo adds nothing to an email.
     */
    private @Nullable String logoUrl(Campaign c) {
        CampaignImage logo = images.effective(c.organizationId(), c.id()).get(ImageKind.logo);
        return logo == null || logo.builtIn() ? null : logo.url();
    }

    private static Invite.Contact contact(OrganizationContact contact) {
        return new Invite.Contact(contact.email(), contact.phone(), contact.url());
    }

    boolean send(Pending invite, InviteEmail wording) {
        Recipient r = invite.recipient();
        boolean accepted = mailer.send(compose(invite, wording));
        try {
            events.publishEvent(
                    new InviteEmailOutcome(r.organizationId(), r.campaignId(), r.id(), accepted, Times.now(clock)));
        } catch (RuntimeException e) {
            log.warn("The invite email outcome of recipient {} was not recorded: {}", r.id(), e.toString());
        }
        return accepted;
    }

    /** The email exactly as {@link #send} would send it; previews and test emails show this one. */
    OutgoingEmail compose(Pending invite, InviteEmail wording) {
        Recipient r = invite.recipient();
        Campaign c = invite.campaign();
        // The structured venue's name, or the location text (contract §12). The keys are InviteEmail.PLACEHOLDERS.
        String venue = c.venue().map(Venue::name).orElse(null);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("name", r.name() == null ? "" : r.name());
        values.put("email", r.email());
        values.put("eventName", c.name());
        values.put("campaignName", c.name());
        values.put("venue", venue == null ? "" : venue);
        values.put("startDate", c.startDate() == null ? "" : c.startDate().toString());
        values.put("downloadUrl", invite.downloadUrl());
        Optional<Organization> organization = access.organization(r.organizationId());
        String organizer = organization.map(Organization::name).orElse("");
        Locale language = r.locale() != null
                ? r.locale()
                : organization.map(Organization::defaultLocale).orElse(AccessManagement.DEFAULT_LOCALE);
        EventTimes.When when = EventTimes.of(c, language, words.getMessage("card.nextDay", null, language));
        CardColours colours = CardColours.of(c.design());
        Invite details = new Invite(
                r.email(),
                r.name(),
                organizer,
                c.name(),
                when == null ? null : when.date(),
                when == null ? null : when.time(),
                venue,
                invite.downloadUrl(),
                colours.background(),
                colours.foreground(),
                values,
                r.walletCardId() == null ? List.of() : cards.inviteEmailLines(r.organizationId(), r.walletCardId()),
                language,
                logoUrl(c),
                organization
                        .map(Organization::contact)
                        .map(Invitations::contact)
                        .orElse(null));
        return emails.compose(details, wording.subject(), wording.body(), wording.buttonText());
    }

    /** A test email: the composed invitation, addressed to someone else and not counted as the recipient's. */
    boolean sendTest(Pending invite, InviteEmail wording, String to) {
        OutgoingEmail email = compose(invite, wording);
        return mailer.send(new OutgoingEmail(
                to, email.senderName(), email.replyTo(), email.subject(), email.text(), email.html()));
    }
}
