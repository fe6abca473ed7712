package com.walletcards.webhook.web;

import com.walletcards.access.RequiresScope.WebhooksRead;
import com.walletcards.access.RequiresScope.WebhooksWrite;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
import com.walletcards.webhook.TargetPolicy;
import com.walletcards.webhook.WebhookEvent;
import com.walletcards.webhook.WebhookId;
import com.walletcards.webhook.WebhookManagement;
import com.walletcards.webhook.WebhookManagement.AttemptPage;
import com.walletcards.webhook.WebhookManagement.WebhookPage;
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
    Envelope<WebhookView.WithSecretView> create(OrganizationId org, @RequestBody CreateWebhookRequest body) {
        return Envelope.of(WebhookView.WithSecretView.of(webhooks.create(org, body.validated(targets))));
    }

    @GetMapping("/{webhookId}")
    @WebhooksRead
    Envelope<WebhookView> get(OrganizationId org, @PathVariable String webhookId) {
        return Envelope.of(WebhookView.of(webhooks.get(org, new WebhookId(webhookId))));
    }

    @PatchMapping(path = "/{webhookId}", consumes = "application/json")
    @WebhooksWrite
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            content =
                    @io.swagger.v3.oas.annotations.media.Content(
                            schema =
                                    @io.swagger.v3.oas.annotations.media.Schema(
                                            implementation = WebhookPatch.Schema.class)))
    Envelope<WebhookView> update(
            OrganizationId org, @PathVariable String webhookId, @RequestBody Map<String, @Nullable Object> body) {
        return Envelope.of(
                WebhookView.of(webhooks.update(org, new WebhookId(webhookId), WebhookPatch.read(body, targets))));
    }

    @DeleteMapping("/{webhookId}")
    @WebhooksWrite
    Envelope<Deleted> delete(OrganizationId org, @PathVariable String webhookId) {
        webhooks.delete(org, new WebhookId(webhookId));
        return Envelope.of(new Deleted(webhookId, true));
    }

    @PostMapping("/{webhookId}/rotate-secret")
    @WebhooksWrite
    Envelope<WebhookView.WithSecretView> rotateSecret(OrganizationId org, @PathVariable String webhookId) {
        return Envelope.of(WebhookView.WithSecretView.of(webhooks.rotateSecret(org, new WebhookId(webhookId))));
    }

    @PostMapping("/{webhookId}/test")
    @WebhooksWrite
    Envelope<WebhookEvent> test(OrganizationId org, @PathVariable String webhookId) {
        return Envelope.of(webhooks.sendTest(org, new WebhookId(webhookId)));
    }

    @GetMapping("/{webhookId}/deliveries")
    @WebhooksRead
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
