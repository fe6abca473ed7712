package com.walletcards.holder;

import com.walletcards.shared.DeviceClass;
import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The holder's card page {@code /c/<code>} was answered with the card (200). Published outside
 * any transaction, after the page was assembled; its listeners must neither slow nor fail the page.
 */
public record CardPageOpened(
        OrganizationId organizationId,
        String walletCardId,
        String recipientId,
        String campaignId,
        DeviceClass device,
        Instant at)
        implements ExternalEvent {

    @Override
    public String type() {
        return "card.opened";
    }

    /** As the other {@code card.*} events, and {@code provider}: null, since the page is no wallet's. */
    @Override
    public Map<String, Object> data() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("walletCardId", walletCardId);
        data.put("recipientId", recipientId);
        data.put("campaignId", campaignId);
        data.put("provider", null);
        return data;
    }
}
