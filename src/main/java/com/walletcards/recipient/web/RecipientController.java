package com.walletcards.recipient.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.access.RequiresScope.CampaignsWrite;
import com.walletcards.campaign.CampaignId;
import com.walletcards.card.CardStatus;
import com.walletcards.card.CardView;
import com.walletcards.recipient.BulkAdd;
import com.walletcards.recipient.HistoryItem;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientLifecycle;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.recipient.RecipientReads.RecipientPage;
import com.walletcards.recipient.RecipientRegistration;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.FailsWith;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = "/v1/campaigns/{campaignId}/recipients", produces = "application/json")
class RecipientController {

    private final RecipientRegistration registration;
    private final RecipientReads reads;
    private final RecipientLifecycle lifecycle;

    RecipientController(RecipientRegistration registration, RecipientReads reads, RecipientLifecycle lifecycle) {
        this.registration = registration;
        this.reads = reads;
        this.lifecycle = lifecycle;
    }

    record RecipientList(List<RecipientView> recipients, Pagination pagination) {}

    record Deleted(String id, boolean deleted) {}

    @Schema(name = "RevokedRecipient")
    record Revoked(String id, String status, Instant updatedAt) {}

    @Schema(name = "RecipientCardStatus")
    record Status(
            String recipientId,
            String status,
            @Nullable String walletCardId,
            @Nullable String walletCardStatus,
            List<ProviderStatus> providers,
            Instant updatedAt) {}

    @Schema(name = "ProviderCardStatus")
    record ProviderStatus(
            String provider,
            String status,
            @Nullable String downloadUrl,
            @Nullable Instant updatedAt) {}

    @PostMapping(consumes = "application/json")
    @ResponseStatus(HttpStatus.CREATED)
    @CampaignsWrite
    @Operation(
            operationId = "addRecipient",
            summary = "Add a recipient",
            description = "The recipient starts as pending; its card is issued in the background (status created).",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(examples = @ExampleObject(name = "attendee", value = """
                                            {"email": "ada@example.com", "name": "Ada Lovelace",
                                             "phone": "+4915112345678", "externalId": "crm-7",
                                             "recipientData": {"seat": "A12"}}"""))))
    @FailsWith({ErrorCode.RECIPIENT_EXISTS, ErrorCode.INVALID_STATE})
    Envelope<RecipientView> add(
            OrganizationId org, @PathVariable String campaignId, @RequestBody AddRecipientRequest body) {
        return Envelope.of(RecipientView.of(registration.add(org, new CampaignId(campaignId), body.validated())));
    }

    @PostMapping(path = "/bulk", consumes = "application/json")
    @ResponseStatus(HttpStatus.CREATED)
    @CampaignsWrite
    @Operation(
            operationId = "addRecipients",
            summary = "Add up to 1,000 recipients",
            description = "Every valid item is added in one transaction; invalid items, items repeated in the request"
                    + " and emails already in the campaign are refused by index in errors. Cards are issued in the"
                    + " background.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(examples = @ExampleObject(name = "two", value = """
                                            {"recipients": [{"email": "a@example.com", "name": "Alan"},
                                              {"email": "b@example.com", "recipientData": {"seat": "B2"}}],
                                             "sendEmail": false}"""))))
    @FailsWith(ErrorCode.INVALID_STATE)
    Envelope<BulkAdd.Result> addAll(
            OrganizationId org, @PathVariable String campaignId, @RequestBody BulkAddRequest body) {
        return Envelope.of(registration.addAll(org, new CampaignId(campaignId), body.items(), body.emails()));
    }

    @GetMapping
    @CampaignsRead
    @Operation(
            operationId = "listRecipients",
            summary = "List recipients",
            description = "Oldest first. Deleted recipients are left out unless status=deleted.")
    Envelope<RecipientList> list(
            OrganizationId org,
            @PathVariable String campaignId,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset,
            @Parameter(description = "Only this email (case-insensitive)", schema = @Schema(maxLength = 254))
                    @RequestParam(required = false)
                    @Nullable
                    String email,
            @Parameter(
                            description = "Only recipients in this status",
                            schema = @Schema(implementation = CardStatus.class))
                    @RequestParam(required = false)
                    @Nullable
                    String status,
            @Parameter(description = "Add each recipient's status history", schema = @Schema(type = "boolean"))
                    @RequestParam(required = false)
                    @Nullable
                    String includeHistory,
            @Parameter(
                            description = "Add each recipient's card with its status per provider",
                            schema = @Schema(type = "boolean"))
                    @RequestParam(required = false)
                    @Nullable
                    String includeStatus,
            @Parameter(description = "Add each recipient's card links", schema = @Schema(type = "boolean"))
                    @RequestParam(required = false)
                    @Nullable
                    String includeDownloadUrls) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        String emailFilter = v.optionalText("email", email, 254);
        CardStatus s = v.oneOf("status", status, CardStatus.class, EnumSet.allOf(CardStatus.class));
        boolean history = flag("includeHistory", includeHistory, v);
        boolean cards = flag("includeStatus", includeStatus, v);
        boolean urls = flag("includeDownloadUrls", includeDownloadUrls, v);
        v.throwIfInvalid();
        CampaignId id = new CampaignId(campaignId);
        RecipientPage found = reads.list(org, id, emailFilter, s, page);
        Map<String, List<HistoryItem>> historyById = history ? reads.history(org, found.recipients()) : Map.of();
        Map<String, CardView> cardViews = cards || urls ? reads.cards(org, found.recipients()) : Map.of();
        List<RecipientView> views = found.recipients().stream()
                .map(r -> {
                    RecipientView view = RecipientView.of(r);
                    if (!history && !cards && !urls) {
                        return view;
                    }
                    List<RecipientView.History> h = history ? historyOf(historyById.get(r.id())) : null;
                    return view.with(h, r.walletCardId() == null ? null : cardViews.get(r.walletCardId()), cards, urls);
                })
                .toList();
        return Envelope.of(new RecipientList(views, Pagination.of(found.total(), page)));
    }

    @GetMapping("/{recipientId}")
    @CampaignsRead
    @Operation(
            operationId = "getRecipient",
            summary = "Get a recipient",
            description = "One recipient of the campaign.")
    Envelope<RecipientView> get(OrganizationId org, @PathVariable String campaignId, @PathVariable String recipientId) {
        return Envelope.of(RecipientView.of(reads.get(org, new CampaignId(campaignId), recipientId)));
    }

    @GetMapping("/{recipientId}/status")
    @CampaignsRead
    @Operation(
            operationId = "getRecipientCardStatus",
            summary = "Get a recipient's card status",
            description = "The recipient's status and its card's status in each targeted wallet, with the add-to-wallet"
                    + " links.")
    Envelope<Status> status(OrganizationId org, @PathVariable String campaignId, @PathVariable String recipientId) {
        CampaignId id = new CampaignId(campaignId);
        Recipient r = reads.get(org, id, recipientId);
        CardView card = reads.cards(org, List.of(r)).get(r.walletCardId());
        List<ProviderStatus> providers = card == null
                ? reads.targetedProviders(org, id, r).stream()
                        .map(p -> new ProviderStatus(p, "pending", null, null))
                        .toList()
                : card.providers().stream()
                        .map(p -> new ProviderStatus(p.provider(), p.status(), p.downloadUrl(), p.updatedAt()))
                        .toList();
        return Envelope.of(new Status(
                r.id(),
                r.status().name(),
                r.walletCardId(),
                r.walletCardStatus() == null ? null : r.walletCardStatus().name(),
                providers,
                r.updatedAt()));
    }

    @PatchMapping(path = "/{recipientId}", consumes = "application/json")
    @CampaignsWrite
    @Operation(
            operationId = "updateRecipient",
            summary = "Change a recipient",
            description = "Only the fields present change; recipientData is merged key by key. An installed card"
                    + " receives the new content in the background.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            schema =
                                                    @Schema(
                                                            implementation =
                                                                    RecipientPatch.PatchRecipientRequest.class))))
    Envelope<RecipientView> update(
            OrganizationId org,
            @PathVariable String campaignId,
            @PathVariable String recipientId,
            @RequestBody Map<String, @Nullable Object> body) {
        return Envelope.of(RecipientView.of(
                lifecycle.update(org, new CampaignId(campaignId), recipientId, RecipientPatch.read(body))));
    }

    @DeleteMapping("/{recipientId}")
    @CampaignsWrite
    @Operation(
            operationId = "deleteRecipient",
            summary = "Delete a recipient",
            description = "Final: the recipient is 404 afterwards (listed only with status=deleted) and its email"
                    + " may be added again.")
    Envelope<Deleted> delete(OrganizationId org, @PathVariable String campaignId, @PathVariable String recipientId) {
        lifecycle.delete(org, new CampaignId(campaignId), recipientId);
        return Envelope.of(new Deleted(recipientId, true));
    }

    @PostMapping("/{recipientId}/revoke")
    @CampaignsWrite
    @Operation(
            operationId = "revokeRecipient",
            summary = "Revoke a recipient",
            description = "Final: the card shows as void in every wallet and cannot be invited again.")
    Envelope<Revoked> revoke(OrganizationId org, @PathVariable String campaignId, @PathVariable String recipientId) {
        Recipient r = lifecycle.revoke(org, new CampaignId(campaignId), recipientId);
        return Envelope.of(new Revoked(r.id(), r.status().name(), r.updatedAt()));
    }

    private static List<RecipientView.History> historyOf(@Nullable List<HistoryItem> entries) {
        if (entries == null) {
            return List.of();
        }
        return entries.stream()
                .map(h -> new RecipientView.History(h.status(), h.at(), h.reason()))
                .toList();
    }

    private static boolean flag(String name, @Nullable String value, Validation v) {
        if (value == null) {
            return false;
        }
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        v.reject(name, "must be true or false");
        return false;
    }
}
