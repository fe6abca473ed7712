package com.walletcards.webhook.web;

import com.walletcards.access.RequiresScope.WebhooksRead;
import com.walletcards.access.RequiresScope.WebhooksWrite;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.FailsWith;
import com.walletcards.webhook.TargetPolicy;
import com.walletcards.webhook.WebhookEvent;
import com.walletcards.webhook.WebhookId;
import com.walletcards.webhook.WebhookManagement;
import com.walletcards.webhook.WebhookManagement.AttemptPage;
import com.walletcards.webhook.WebhookManagement.WebhookPage;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
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
@RequestMapping(path = "/v1/webhooks", produces = "application/json")
class WebhookController {

    private final WebhookManagement webhooks;
    private final TargetPolicy targets;

    WebhookController(WebhookManagement webhooks, TargetPolicy targets) {
        this.webhooks = webhooks;
        this.targets = targets;
    }

    record WebhookList(List<WebhookView> webhooks, Pagination pagination) {}

    record AttemptList(List<AttemptView> deliveries, Pagination pagination) {}

    record Deleted(String id, boolean deleted) {}

    @GetMapping
    @WebhooksRead
    @Operation(operationId = "listWebhooks", summary = "List webhook subscriptions", description = "Newest first.")
    Envelope<WebhookList> list(
            OrganizationId org,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset) {
        Page page = page(limit, offset);
        WebhookPage found = webhooks.list(org, page);
        return Envelope.of(new WebhookList(
                found.webhooks().stream().map(WebhookView::of).toList(), Pagination.of(found.total(), page)));
    }

    @PostMapping(consumes = "application/json")
    @ResponseStatus(HttpStatus.CREATED)
    @WebhooksWrite
    @Operation(
            operationId = "createWebhook",
            summary = "Subscribe to events",
            description = "The answer carries the signing secret, shown only this once. Deliveries are POSTs of"
                    + " {id, type, createdAt, data} signed the Standard Webhooks way.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(examples = @ExampleObject(name = "installs", value = """
                                            {"url": "https://example.com/hooks",
                                             "events": ["card.installed", "card.removed"],
                                             "description": "CRM sync"}"""))))
    Envelope<WebhookView.WithSecretView> create(OrganizationId org, @RequestBody CreateWebhookRequest body) {
        return Envelope.of(WebhookView.WithSecretView.of(webhooks.create(org, body.validated(targets))));
    }

    @GetMapping("/{webhookId}")
    @WebhooksRead
    @Operation(operationId = "getWebhook", summary = "Get a webhook subscription", description = "Without its secret.")
    Envelope<WebhookView> get(OrganizationId org, @PathVariable String webhookId) {
        return Envelope.of(WebhookView.of(webhooks.get(org, new WebhookId(webhookId))));
    }

    @PatchMapping(path = "/{webhookId}", consumes = "application/json")
    @WebhooksWrite
    @Operation(
            operationId = "updateWebhook",
            summary = "Change a webhook subscription",
            description = "Change its URL, events or description, pause it or enable it again.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            schema = @Schema(implementation = WebhookPatch.PatchWebhookRequest.class))))
    Envelope<WebhookView> update(
            OrganizationId org, @PathVariable String webhookId, @RequestBody Map<String, @Nullable Object> body) {
        return Envelope.of(
                WebhookView.of(webhooks.update(org, new WebhookId(webhookId), WebhookPatch.read(body, targets))));
    }

    @DeleteMapping("/{webhookId}")
    @WebhooksWrite
    @Operation(
            operationId = "deleteWebhook",
            summary = "Delete a webhook subscription",
            description = "No further deliveries are made to it.")
    Envelope<Deleted> delete(OrganizationId org, @PathVariable String webhookId) {
        webhooks.delete(org, new WebhookId(webhookId));
        return Envelope.of(new Deleted(webhookId, true));
    }

    @PostMapping("/{webhookId}/rotate-secret")
    @WebhooksWrite
    @Operation(
            operationId = "rotateWebhookSecret",
            summary = "Rotate the signing secret",
            description = "Returns the new secret, shown only this once; the old one keeps signing (as a second"
                    + " signature) for 24 hours.")
    Envelope<WebhookView.WithSecretView> rotateSecret(OrganizationId org, @PathVariable String webhookId) {
        return Envelope.of(WebhookView.WithSecretView.of(webhooks.rotateSecret(org, new WebhookId(webhookId))));
    }

    @PostMapping("/{webhookId}/test")
    @WebhooksWrite
    @Operation(
            operationId = "testWebhook",
            summary = "Send a test event",
            description = "Delivers a webhook.test event to this subscription only.")
    @FailsWith(ErrorCode.INVALID_STATE)
    Envelope<WebhookEvent> test(OrganizationId org, @PathVariable String webhookId) {
        return Envelope.of(webhooks.sendTest(org, new WebhookId(webhookId)));
    }

    @GetMapping("/{webhookId}/deliveries")
    @WebhooksRead
    @Operation(
            operationId = "listWebhookDeliveries",
            summary = "List delivery attempts",
            description = "Every attempt to deliver an event to this subscription, newest first.")
    Envelope<AttemptList> deliveries(
            OrganizationId org,
            @PathVariable String webhookId,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset) {
        Page page = page(limit, offset);
        AttemptPage found = webhooks.attempts(org, new WebhookId(webhookId), page);
        return Envelope.of(new AttemptList(
                found.attempts().stream().map(AttemptView::of).toList(), Pagination.of(found.total(), page)));
    }

    private static Page page(@Nullable String limit, @Nullable String offset) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        v.throwIfInvalid();
        return page;
    }
}
