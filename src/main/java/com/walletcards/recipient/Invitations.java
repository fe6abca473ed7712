package com.walletcards.recipient;

import com.walletcards.campaign.Campaign;
import com.walletcards.email.InviteEmails;
import com.walletcards.email.Mailer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/** Sends invitation emails, after the invitation itself has committed: a failed email never undoes it. */
@Component
class Invitations {

    private final Mailer mailer;

    Invitations(Mailer mailer) {
        this.mailer = mailer;
    }

    record Pending(Recipient recipient, Campaign campaign, String downloadUrl) {}

    boolean send(Pending invite, InviteEmail wording) {
        Recipient r = invite.recipient();
        Campaign c = invite.campaign();
        Map<String, String> values = new LinkedHashMap<>();
        values.put("name", r.name() == null ? "" : r.name());
        values.put("email", r.email());
        values.put("eventName", c.name());
        values.put("campaignName", c.name());
        values.put("venue", c.campaignData().get("location") instanceof String s ? s : "");
        values.put("startDate", c.startDate() == null ? "" : c.startDate().toString());
        values.put("downloadUrl", invite.downloadUrl());
        return mailer.send(
                InviteEmails.compose(r.email(), wording.subject(), wording.body(), wording.buttonText(), values));
    }
}
