package com.walletcards.provider;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.Ids;
import com.walletcards.shared.ProviderName;
import com.walletcards.shared.SqlArrays;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;

/**
 * A provider that keeps its "wallet objects" in the service's own database: what a real wallet
 * would hold (content version, void flag, delivered messages) is recorded, so the complete flow
 * is observable offline and in tests. It declares the capabilities of the protocol it stands in
 * for, so callers behave as they will with the real one. For holders it is a demonstration
 * wallet: the card's page lets them add the card and remove it again.
 */
class LocalWalletProvider implements WalletProvider {

    /** The card page's note under this provider's button (messages.properties). */
    static final String HOLDER_NOTE = "wallet.note.demo";

    private final ProviderName name;
    private final Capabilities capabilities;
    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;

    LocalWalletProvider(ProviderName name, Capabilities capabilities, NamedParameterJdbcTemplate jdbc, Clock clock) {
        this.name = name;
        this.capabilities = capabilities;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Override
    public ProviderName name() {
        return name;
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public String allocateObjectRef(String walletCardId) {
        return Ids.newId(name.name());
    }

    @Override
    public void createObjects(List<ObjectContent> objects) {
        var now = Times.db(Times.now(clock));
        // One statement per content version, the objects as parallel arrays. A repeated creation (a
        // retried job) finds the object there and leaves it alone.
        Map<Long, List<ProviderObjectRef>> byVersion = new LinkedHashMap<>();
        objects.forEach(o -> byVersion
                .computeIfAbsent(o.content().version(), v -> new ArrayList<>())
                .add(o.object()));
        byVersion.forEach((version, refs) -> jdbc.update(
                """
                INSERT INTO local_wallet_objects (provider, object_ref, wallet_card_id, content_version, voided,
                  updated_at)
                SELECT :provider, o.ref, o.card, :version, FALSE, :now FROM UNNEST(:refs, :cards) AS o(ref, card)
                ON CONFLICT DO NOTHING""",
                new MapSqlParameterSource()
                        .addValue("provider", name.name())
                        .addValue("version", version)
                        .addValue("now", now)
                        .addValue("refs", SqlArrays.column(refs, ProviderObjectRef::objectRef))
                        .addValue("cards", SqlArrays.column(refs, ProviderObjectRef::walletCardId))));
    }

    @Override
    public void updateObjects(List<ObjectContent> updates) {
        var now = Times.db(Times.now(clock));
        // One statement per version (a push carries one or a few): a wallet's answer is per call, not
        // per row, so nothing needs the rows one by one. Only ever forward: a late, older update
        // never overwrites newer content.
        Map<Long, List<String>> byVersion = new LinkedHashMap<>();
        updates.forEach(u -> byVersion
                .computeIfAbsent(u.content().version(), v -> new ArrayList<>())
                .add(u.object().objectRef()));
        byVersion.forEach((version, refs) -> jdbc.update(
                """
                UPDATE local_wallet_objects SET content_version = :version, updated_at = :now
                WHERE provider = :provider AND object_ref = ANY(:refs) AND content_version < :version""",
                new MapSqlParameterSource()
                        .addValue("version", version)
                        .addValue("now", now)
                        .addValue("provider", name.name())
                        .addValue("refs", SqlArrays.of(refs))));
    }

    @Override
    public void voidObjects(List<ProviderObjectRef> objects) {
        var now = Times.db(Times.now(clock));
        jdbc.batchUpdate(
                "UPDATE local_wallet_objects SET voided = TRUE, updated_at = :now WHERE provider = :provider"
                        + " AND object_ref = :ref",
                objects.stream().map(o -> object(o).addValue("now", now)).toArray(SqlParameterSource[]::new));
    }

    @Override
    public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
        var now = Times.db(Times.now(clock));
        // One statement for the whole call, the rows given as parallel arrays.
        List<String> ids = new ArrayList<>(objects.size());
        List<String> refs = new ArrayList<>(objects.size());
        List<String> cards = new ArrayList<>(objects.size());
        for (ProviderObjectRef o : objects) {
            ids.add(Ids.newId("msg"));
            refs.add(o.objectRef());
            cards.add(o.walletCardId());
        }
        jdbc.update(
                """
                INSERT INTO local_wallet_messages (id, provider, object_ref, wallet_card_id, notification_id, header,
                  body, delivered_at)
                SELECT m.id, :provider, m.ref, m.card, :notification, :header, :body, :now
                FROM UNNEST(:ids, :refs, :cards) AS m(id, ref, card)""",
                new MapSqlParameterSource()
                        .addValue("provider", name.name())
                        .addValue("notification", message.notificationId())
                        .addValue("header", message.header())
                        .addValue("body", message.body())
                        .addValue("now", now)
                        .addValue("ids", SqlArrays.of(ids))
                        .addValue("refs", SqlArrays.of(refs))
                        .addValue("cards", SqlArrays.of(cards)));
        return Collections.nCopies(objects.size(), null);
    }

    /**
     * No wallet app can take a local object, so the holder gets the demonstration wallet: a page
     * of this service that adds the card and removes it, reported like a real wallet's events.
     */
    @Override
    public AddToWallet addToWallet(ObjectContent object) {
        return new AddToWallet.DemoWallet();
    }

    @Override
    public String holderNoteKey() {
        return HOLDER_NOTE;
    }

    private MapSqlParameterSource object(ProviderObjectRef o) {
        return new MapSqlParameterSource(
                Map.of("provider", name.name(), "ref", o.objectRef(), "card", o.walletCardId()));
    }
}
