package com.walletcards.audit;

import com.walletcards.shared.Ids;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * Records and reads the audit trail. Every read names its organization: another organization's
 * events are never found, whatever the filters say.
 */
@Service
public class AuditTrail {

    private static final String COLUMNS =
            "id, at, actor_type, actor_id, actor_name, action, target_type, target_id, detail";

    private final JdbcClient jdbc;
    private final Clock clock;

    AuditTrail(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** Records one event now, in the caller's transaction if it has one. */
    public void record(OrganizationId org, AuditActor actor, String action, AuditTarget target, String detail) {
        jdbc.sql("""
            INSERT INTO audit_events (id, organization_id, at, actor_type, actor_id, actor_name, action,
                                      target_type, target_id, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")
                .params(
                        Ids.newId("aud"),
                        org.value(),
                        Times.db(Times.now(clock)),
                        actor.type(),
                        clip(actor.id(), 40),
                        clip(actor.name(), 320),
                        clip(action, 60),
                        clip(target.type(), 40),
                        clip(target.id(), 60),
                        detail)
                .update();
    }

    /** One organization's events, newest first, filtered by actor id and target id when given. */
    public AuditPage list(OrganizationId org, AuditQuery query) {
        StringBuilder where = new StringBuilder(" WHERE organization_id = ?");
        List<Object> params = new ArrayList<>(List.of(org.value()));
        if (query.actorId() != null) {
            where.append(" AND actor_id = ?");
            params.add(query.actorId());
        }
        if (query.targetId() != null) {
            where.append(" AND target_id = ?");
            params.add(query.targetId());
        }
        long total = jdbc.sql("SELECT COUNT(*) FROM audit_events" + where)
                .params(params)
                .query(Long.class)
                .single();
        List<Object> pageParams = new ArrayList<>(params);
        pageParams.add(query.page().limit());
        pageParams.add(query.page().offset());
        List<AuditEvent> events = jdbc.sql("SELECT " + COLUMNS + " FROM audit_events" + where
                        + " ORDER BY at DESC, id DESC LIMIT ? OFFSET ?")
                .params(pageParams)
                .query(AuditTrail::event)
                .list();
        return new AuditPage(events, total);
    }

    private static AuditEvent event(ResultSet rs, int row) throws SQLException {
        return new AuditEvent(
                rs.getString("id"),
                rs.getObject("at", OffsetDateTime.class).toInstant(),
                new AuditActor(rs.getString("actor_type"), rs.getString("actor_id"), rs.getString("actor_name")),
                rs.getString("action"),
                new AuditTarget(rs.getString("target_type"), rs.getString("target_id")),
                rs.getString("detail"));
    }

    /** The columns are bounded; an over-long name is cut rather than losing the whole event. */
    private static String clip(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}
