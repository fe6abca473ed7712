package com.walletcards.notification;

import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/** The messages one card received: what its holder may want to read again on the card page. */
@Service
public class CardMessages {

    public record Delivered(String header, String body, Instant deliveredAt) {}

    private final JdbcClient jdbc;

    CardMessages(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The newest notification delivered to the card, if any (one statement: no transaction of its own). */
    public Optional<Delivered> latest(OrganizationId org, String walletCardId) {
        return jdbc.sql("""
            SELECT n.header, n.body, d.finished_at FROM notification_deliveries d
            JOIN notifications n ON n.id = d.notification_id
            WHERE d.wallet_card_id = :card AND d.organization_id = :org AND d.outcome = 'delivered'
            ORDER BY d.finished_at DESC FETCH FIRST 1 ROWS ONLY""")
                .param("card", walletCardId)
                .param("org", org.value())
                .query((rs, n) -> new Delivered(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getObject(3, OffsetDateTime.class).toInstant()))
                .optional();
    }
}
