package com.walletcards.console;

import com.walletcards.shared.Ids;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The audit log: who did what to which target, per organization, newest last in the table and
 * first when read. The console writes its sign-ins, failed sign-ins, sign-outs and user changes
 * here; where the API's writes join it, and who reads it, is ADR 0030's open end.
 */
@Repository
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
            return new Actor("admin", "admin", "admin token");
        }
    }

    private final JdbcClient jdbc;
    private final Clock clock;

    AuditLog(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    void record(OrganizationId org, Actor actor, String action, String targetType, String targetId, String detail) {
        jdbc.sql("""
            INSERT INTO audit_events (id, organization_id, at, actor_type, actor_id, actor_name, action,
                                      target_type, target_id, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")
                .params(
                        Ids.newId("aud"),
                        org.value(),
                        Times.db(Times.now(clock)),
                        actor.type(),
                        actor.id(),
                        actor.name(),
                        action,
                        targetType,
                        targetId,
                        detail)
                .update();
    }
}
