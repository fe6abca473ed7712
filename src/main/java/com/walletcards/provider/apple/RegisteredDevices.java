package com.walletcards.provider.apple;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The Apple devices a card's pass is registered on for updates, as the pass web service recorded
 * them, oldest first. Empty for a card without an Apple pass (and wherever {@code alpha} runs
 * another mode). The caller has found the card in its organization already.
 */
@Component
public class RegisteredDevices {

    /**
     * One device: the start of its device library identifier (enough to tell a holder's devices
     * apart on a page; the whole one is an identifier of the device, which the page has no use for)
     * and when it registered.
     */
    public record Device(String shortId, Instant registeredAt) {}

    private static final int SHORT_ID = 8;

    private final JdbcClient jdbc;

    RegisteredDevices(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<Device> of(String walletCardId) {
        return jdbc.sql("""
                        SELECT r.device_library_id, r.created_at
                          FROM apple_passes p JOIN apple_registrations r ON r.serial_number = p.serial_number
                         WHERE p.wallet_card_id = ?
                         ORDER BY r.created_at, r.device_library_id""")
                .param(walletCardId)
                .query((rs, row) -> new Device(
                        shortId(rs.getString(1)),
                        rs.getObject(2, OffsetDateTime.class).toInstant()))
                .list();
    }

    private static String shortId(String deviceLibraryId) {
        return deviceLibraryId.length() <= SHORT_ID ? deviceLibraryId : deviceLibraryId.substring(0, SHORT_ID) + "…";
    }
}
