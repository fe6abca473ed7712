package com.walletcards.issuance;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CardColours;
import com.walletcards.campaign.EventTimes;
import com.walletcards.card.WalletCards;
import com.walletcards.email.Invite;
import com.walletcards.email.InviteEmails;
import com.walletcards.email.Mailer;
import com.walletcards.recipient.Recipient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

/** Sends invitation emails, after the invitation itself has committed: a failed email never undoes it. */
@Component
class Invitations {

    private static final Locale LANGUAGE = Locale.ENGLISH;
    private final Mailer mailer;
    private final InviteEmails emails;
    private final AccessManagement access;
    private final MessageSource words;
    private final WalletCards cards;

    Invitations(Mailer mailer, InviteEmails emails, AccessManagement access, MessageSource words, WalletCards cards) {
        this.mailer = mailer;
        this.cards = cards;
        this.emails = emails;
        this.access = access;
        this.words = words;
    }

    record Pending(Recipient recipient, Campaign campaign, String downloadUrl) {}

    boolean send(Pending invite, InviteEmail wording) {
        Recipient r = invite.recipient();
        Campaign c = invite.campaign();
        String venue = c.campaignData().get("location") instanceof String s ? s : null;
        Map<String, String> values = new LinkedHashMap<>();
        values.put("name", r.name() == null ? "" : r.name());
        values.put("email", r.email());
        values.put("eventName", c.name());
        values.put("campaignName", c.name());
        values.put("venue", venue == null ? "" : venue);
        values.put("startDate", c.startDate() == null ? "" : c.startDate().toString());
        values.put("downloadUrl", invite.downloadUrl());
        String organizer =
                access.organization(r.organizationId()).map(Organization::name).orElse("");
        EventTimes.When when = EventTimes.of(c, LANGUAGE, words.getMessage("card.nextDay", null, LANGUAGE));
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
                r.walletCardId() == null ? List.of() : cards.inviteEmailLines(r.organizationId(), r.walletCardId()));
        return mailer.send(emails.compose(details, wording.subject(), wording.body(), wording.buttonText()));
    }
}
