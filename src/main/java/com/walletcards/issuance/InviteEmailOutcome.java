package com.walletcards.issuance;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;

/**
 * Whether the mail server accepted a recipient's invite email ({@code accepted}) or it could not be
 * sent. Published after the invitation committed, outside any transaction; a listener's failure is
 * its own and never changes what the invite answered.
 */
public record InviteEmailOutcome(
        OrganizationId organizationId, String campaignId, String recipientId, boolean accepted, Instant at) {}
