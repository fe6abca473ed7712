package com.walletcards.audit.web;

import com.walletcards.access.RequiresScope.AuditRead;
import com.walletcards.audit.AuditEvent;
import com.walletcards.audit.AuditPage;
import com.walletcards.audit.AuditQuery;
import com.walletcards.audit.AuditTrail;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The organization's audit log (contract §15); keys need {@code audit:read}. */
@RestController
@RequestMapping(path = "/v1/audit-events", produces = "application/json")
class AuditController {

    private final AuditTrail trail;

    AuditController(AuditTrail trail) {
        this.trail = trail;
    }

    record ActorView(String type, String id, String name) {}

    record TargetView(String type, String id) {}

    record EventView(
            String id, Instant at, ActorView actor, String action, TargetView target, Map<String, Object> detail) {

        static EventView of(AuditEvent event) {
            return new EventView(
                    event.id(),
                    event.at(),
                    new ActorView(
                            event.actor().type(),
                            event.actor().id(),
                            event.actor().name()),
                    event.action(),
                    new TargetView(event.target().type(), event.target().id()),
                    Json.readMap(event.detail()));
        }
    }

    record EventList(List<EventView> events, Pagination pagination) {}

    @GetMapping
    @AuditRead
    @Operation(
            operationId = "listAuditEvents",
            summary = "List audit events",
            description = "Every write of the API (by a key) and of the console (by a user), newest first. Idempotent"
                    + " replays and refused writes are not recorded. Events are kept 400 days by default.")
    Envelope<EventList> list(
            OrganizationId org,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset,
            @Parameter(description = "Only this actor's events: an API key's or a console user's id")
                    @RequestParam(required = false)
                    @Nullable
                    String actor,
            @Parameter(description = "Only events about this target id (a campaign, a recipient, ...)")
                    @RequestParam(required = false)
                    @Nullable
                    String target) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        String actorId = id("actor", actor, 40, v);
        String targetId = id("target", target, 60, v);
        v.throwIfInvalid();
        AuditPage found = trail.list(org, new AuditQuery(actorId, targetId, page));
        return Envelope.of(
                new EventList(found.events().stream().map(EventView::of).toList(), Pagination.of(found.total(), page)));
    }

    private static @Nullable String id(String field, @Nullable String raw, int max, Validation v) {
        if (raw == null) {
            return null;
        }
        String value = raw.trim();
        if (value.isEmpty() || value.length() > max) {
            v.reject(field, "must be an id of 1 to " + max + " characters");
            return null;
        }
        return value;
    }
}
