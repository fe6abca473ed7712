package com.walletcards.provider;

import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.Ids;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A provider that keeps its "wallet objects" in the service's own database: what a real wallet
 * would hold (content version, void flag, delivered messages) is recorded, so the complete flow
 * is observable offline and in tests. Real protocols replace it behind the same SPI.
 */
class LocalWalletProvider implements WalletProvider {

    private final String name;
    private final JdbcTemplate jdbc;
    private final Clock clock;

    LocalWalletProvider(String name, JdbcTemplate jdbc, Clock clock) {
        this.name = name;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<String> createObjects(List<NewObject> cards) {
        List<String> refs = new ArrayList<>(cards.size());
        List<Object[]> rows = new ArrayList<>(cards.size());
        var now = Times.db(Times.now(clock));
        for (NewObject card : cards) {
            String ref = Ids.newId(name);
            refs.add(ref);
            rows.add(
                    new Object[] {name, ref, card.walletCardId(), card.content().version(), now});
        }
        jdbc.batchUpdate(
                "INSERT INTO local_wallet_objects (provider, object_ref, wallet_card_id, content_version, voided,"
                        + " updated_at) VALUES (?, ?, ?, ?, FALSE, ?)",
                rows);
        return refs;
    }

    @Override
    public void updateObjects(List<ObjectUpdate> updates) {
        var now = Times.db(Times.now(clock));
        // Only ever forward: a late, older update never overwrites newer content.
        jdbc.batchUpdate(
                "UPDATE local_wallet_objects SET content_version = ?, updated_at = ?"
                        + " WHERE provider = ? AND object_ref = ? AND content_version < ?",
                updates.stream()
                        .map(u -> new Object[] {
                            u.content().version(),
                            now,
                            name,
                            u.object().objectRef(),
                            u.content().version()
                        })
                        .toList());
    }

    @Override
    public void voidObject(ProviderObjectRef object) {
        jdbc.update(
                "UPDATE local_wallet_objects SET voided = TRUE, updated_at = ? WHERE provider = ? AND object_ref = ?",
                Times.db(Times.now(clock)),
                name,
                object.objectRef());
    }

    @Override
    public void deliverMessage(ProviderObjectRef object, PushMessage message) {
        jdbc.update(
                "INSERT INTO local_wallet_messages (id, provider, object_ref, wallet_card_id, notification_id, header,"
                        + " body, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                Ids.newId("msg"),
                name,
                object.objectRef(),
                object.walletCardId(),
                message.notificationId(),
                message.header(),
                message.body(),
                Times.db(Times.now(clock)));
    }

    @Override
    public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
        var now = Times.db(Times.now(clock));
        jdbc.batchUpdate(
                "INSERT INTO local_wallet_messages (id, provider, object_ref, wallet_card_id, notification_id, header,"
                        + " body, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                objects.stream()
                        .map(o -> new Object[] {
                            Ids.newId("msg"),
                            name,
                            o.objectRef(),
                            o.walletCardId(),
                            message.notificationId(),
                            message.header(),
                            message.body(),
                            now
                        })
                        .toList());
        return java.util.Collections.nCopies(objects.size(), null);
    }

    @Override
    public String addToWalletPath(String downloadCode) {
        return "/c/" + downloadCode + "/" + name;
    }
}
