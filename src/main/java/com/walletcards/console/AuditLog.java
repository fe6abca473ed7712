package com.walletcards.console;

import com.walletcards.audit.AuditActor;
import com.walletcards.audit.AuditTarget;
import com.walletcards.audit.AuditTrail;
import com.walletcards.shared.OrganizationId;
import org.springframework.stereotype.Component;

/**
 * The console's way into the audit trail ({@code audit} module, ADR 0040): its sign-ins, failed
 * sign-ins, sign-outs and user changes, with the user (or the admin token) as the actor. The
 * console's writes record themselves in the same request, before the page answers.
 */
@Component
class AuditLog {

    /** Who acted: a console user or an API key. */
    record Actor(String type, String id, String name) {

        static Actor user(SignedIn user) {
            return new Actor("user", user.userId(), user.email());
        }

        static Actor user(ConsoleUser user) {
            return new Actor("user", user.id(), user.email());
        }

        static Actor admin() {
            return new Actor("apiKey", "admin", "admin token");
        }
    }

    private final AuditTrail trail;

    AuditLog(AuditTrail trail) {
        this.trail = trail;
    }

    void record(OrganizationId org, Actor actor, String action, String targetType, String targetId, String detail) {
        trail.record(
                org,
                new AuditActor(actor.type(), actor.id(), actor.name()),
                action,
                new AuditTarget(targetType, targetId),
                detail);
    }
}
