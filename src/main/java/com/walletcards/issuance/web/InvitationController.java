package com.walletcards.issuance.web;

import com.walletcards.access.RequiresScope.CampaignsWrite;
import com.walletcards.campaign.CampaignId;
import com.walletcards.issuance.InviteEmail;
import com.walletcards.issuance.RecipientInvitations;
import com.walletcards.issuance.RecipientInvitations.BulkInvitation;
import com.walletcards.issuance.RecipientInvitations.Invitation;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.FailsWith;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Invitations of a campaign's recipients: one, or every recipient whose card is ready. */
@RestController
@RequestMapping(path = "/v1/campaigns/{campaignId}/recipients", produces = "application/json")
class InvitationController {

    private final RecipientInvitations invitations;

    InvitationController(RecipientInvitations invitations) {
        this.invitations = invitations;
    }

    @Schema(name = "Invitation")
    record Invited(String id, String status, String downloadUrl, boolean emailSent, Instant updatedAt) {}

    @Schema(name = "InvitationLink")
    record InvitedLink(String recipientId, String email, String downloadUrl) {}

    @Schema(name = "BulkInvitation")
    record BulkInvited(int invited, int emailsSent, int emailsFailed, long remaining, List<InvitedLink> downloadUrls) {}

    @PostMapping("/{recipientId}/invite")
    @CampaignsWrite
    @Operation(
            operationId = "inviteRecipient",
            summary = "Invite a recipient",
            description = "Returns the card link and sends the invitation email when asked. Works from pending (the"
                    + " card is issued on the spot), created, invited (same link again) and removed. The first"
                    + " invitation makes a draft campaign active.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(examples = @ExampleObject(name = "withEmail", value = """
                                            {"sendEmail": true, "email": {"subject": "Hi {{name}}",
                                              "body": "See you at {{eventName}} in {{venue}}",
                                              "buttonText": "Add to Wallet"}}"""))))
    @FailsWith(ErrorCode.INVALID_STATE)
    Envelope<Invited> invite(
            OrganizationId org,
            @PathVariable String campaignId,
            @PathVariable String recipientId,
            @RequestBody(required = false) InviteRequests.@Nullable Invite body) {
        InviteRequests.Invite request = body == null ? new InviteRequests.Invite(null, null) : body;
        Invitation inv =
                invitations.invite(org, new CampaignId(campaignId), recipientId, request.emails(), request.wording());
        return Envelope.of(new Invited(
                inv.recipient().id(),
                inv.recipient().status().name(),
                inv.downloadUrl(),
                inv.emailSent(),
                inv.recipient().updatedAt()));
    }

    @PostMapping("/bulk-invite")
    @CampaignsWrite
    @Operation(
            operationId = "inviteReadyRecipients",
            summary = "Invite recipients whose card is ready",
            description = "Invites up to limit recipients in status created, oldest first; remaining tells how many"
                    + " are left.")
    @FailsWith(ErrorCode.INVALID_STATE)
    Envelope<BulkInvited> inviteReady(
            OrganizationId org,
            @PathVariable String campaignId,
            @RequestBody(required = false) InviteRequests.@Nullable BulkInvite body) {
        InviteRequests.BulkInvite request = body == null ? new InviteRequests.BulkInvite(null, null, null) : body;
        Validation v = new Validation();
        int limit = request.validLimit(v);
        InviteEmail wording = request.wording(v);
        v.throwIfInvalid();
        BulkInvitation result =
                invitations.inviteReady(org, new CampaignId(campaignId), limit, request.emails(), wording);
        return Envelope.of(new BulkInvited(
                result.invited(),
                result.emailsSent(),
                result.emailsFailed(),
                result.remaining(),
                result.invitations().stream()
                        .map(i -> new InvitedLink(
                                i.recipient().id(), i.recipient().email(), i.downloadUrl()))
                        .toList()));
    }
}
