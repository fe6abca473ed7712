package com.walletcards.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The work an outage test puts in flight and checks afterwards, shared by the tests of a cut and
 * of a silent database: a campaign with 2,000 cards installed on beta and a webhook, a change that
 * propagates to them, and the checks that all of it completes once the database is back.
 */
public final class OutageLoad {

    public static final String KEY = "wk_outage_0123456789abcdefghijklmnopqrstu";
    public static final String ADMIN = "outage-admin-token";

    private static final String INSTALLED_BETA =
            " FROM provider_objects o JOIN wallet_cards c ON c.id = o.wallet_card_id"
                    + " WHERE c.campaign_id = ? AND o.provider = 'beta' AND o.installed = TRUE";

    private final DirectSql sql;
    private final WebhookReceiver hooks;

    public OutageLoad(DirectSql sql, WebhookReceiver hooks) {
        this.sql = sql;
        this.hooks = hooks;
    }

    /** The settings of a service process on {@code url}, with jobs slow enough to be caught mid-way. */
    public static Map<String, String> settings(String url, String dataDir) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("spring.datasource.url", url);
        settings.put("spring.datasource.username", TestDatabase.user());
        settings.put("spring.datasource.password", "");
        settings.put("spring.datasource.hikari.maximum-pool-size", "10");
        settings.put("wallet.access.bootstrap-api-key", KEY);
        settings.put("wallet.access.admin-token", ADMIN);
        settings.put("wallet.data-dir", dataDir);
        settings.put("wallet.webhooks.allow-private-targets", "true");
        // The lease of a claimed delivery is twice this plus 30 s: a delivery cut by the outage is
        // taken up again that long after its claim.
        settings.put("wallet.webhooks.request-timeout", "PT2S");
        settings.put("wallet.propagation.batch-size", "20");
        // A remote provider's response time, so that propagation is still running when the database goes.
        settings.put("wallet.test.provider-latency", "PT0.3S");
        settings.put("spring.main.sources", RecordingProviders.class.getName());
        return settings;
    }

    /** A campaign with 2,000 issued cards, installed on beta, and a webhook to the receiver. */
    public String campaignWithInstalledCards(Api api) throws SQLException {
        String campaign = new Flows(api).campaign(Map.of("providerTypes", List.of("alpha", "beta")));
        Api.Response webhook =
                api.post("/v1/webhooks", Map.of("url", hooks.url(), "events", List.of("card.created", "card.updated")));
        assertThat(webhook.status()).as(webhook.body()).isEqualTo(201);
        for (int bulk = 0; bulk < 2; bulk++) {
            Api.Response added =
                    api.post("/v1/campaigns/" + campaign + "/recipients/bulk", AddingClient.bulk("seed" + bulk, 1000));
            assertThat(added.status()).as(added.body()).isEqualTo(201);
        }
        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> cardsMissing(campaign) == 0);
        sql.update(
                "UPDATE provider_objects SET installed = TRUE, ever_installed = TRUE WHERE provider = 'beta'"
                        + " AND wallet_card_id IN (SELECT id FROM wallet_cards WHERE campaign_id = ?)",
                campaign);
        sql.update("UPDATE wallet_cards SET status = 'active' WHERE campaign_id = ?", campaign);
        return campaign;
    }

    /** The newest content version among the campaign's installed cards. */
    public long newestVersion(String campaign) throws SQLException {
        return sql.count("SELECT MAX(o.content_version)" + INSTALLED_BETA, campaign);
    }

    /** True while a propagation past {@code version} has reached some installed cards, not all. */
    public boolean propagating(String campaign, long version) throws SQLException {
        return installed(campaign, " AND o.content_version > " + version) > 0
                && installed(campaign, " AND o.content_version = " + version) > 0;
    }

    /** True once every installed card carries content newer than {@code version}. */
    public boolean propagatedPast(String campaign, long version) throws SQLException {
        return installed(campaign, " AND o.content_version > " + version) == installed(campaign, "");
    }

    /** True while webhooks are being delivered: some received, some still open. */
    public boolean delivering() throws SQLException {
        return hooks.received() > 0
                && sql.count("SELECT COUNT(*) FROM webhook_deliveries WHERE status <> 'succeeded'") > 0;
    }

    public long cards(String campaign) throws SQLException {
        return sql.count("SELECT COUNT(*) FROM wallet_cards WHERE campaign_id = ?", campaign);
    }

    public long cardsMissing(String campaign) throws SQLException {
        return sql.count("SELECT COUNT(*) FROM recipients WHERE campaign_id = ? AND wallet_card_id IS NULL", campaign);
    }

    /** Every installed card on the newest content, no propagation left. */
    public boolean propagationDone(String campaign) throws SQLException {
        long newest = newestVersion(campaign);
        return sql.count("SELECT COUNT(*) FROM card_propagations WHERE campaign_id = ?", campaign) == 0
                && installed(campaign, " AND o.content_version < " + newest) == 0;
    }

    /** Every webhook event delivered and seen by the receiver. */
    public boolean webhooksDone() throws SQLException {
        return sql.count("SELECT COUNT(*) FROM webhook_deliveries WHERE status <> 'succeeded'") == 0
                && hooks.ids.containsAll(sql.strings("SELECT event_id FROM webhook_deliveries"));
    }

    /**
     * Waits until {@code done}; answers the milliseconds since {@code since} (a {@link
     * System#nanoTime()}). When the wait runs out, prints the work still open and dumps the
     * service's threads, so the failure says why.
     */
    public long doneAfter(ServiceProcess service, long since, Callable<Boolean> done) throws SQLException {
        try {
            await().atMost(Duration.ofSeconds(180))
                    .pollInterval(Duration.ofMillis(250))
                    .until(done);
        } catch (ConditionTimeoutException e) {
            printOpenWork();
            System.out.println(
                    "Threads of the service: " + service.dumpThreads().toAbsolutePath());
            throw e;
        }
        return millisSince(since);
    }

    public static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    private long installed(String campaign, String condition) throws SQLException {
        return sql.count("SELECT COUNT(*)" + INSTALLED_BETA + condition, campaign);
    }

    private void printOpenWork() throws SQLException {
        System.out.println("Recipients without a card: "
                + sql.count("SELECT COUNT(*) FROM recipients WHERE wallet_card_id IS NULL AND deleted_at IS NULL"));
        System.out.println("Propagations left: "
                + sql.strings("SELECT DISTINCT CAST(campaign_id AS VARCHAR(100)) FROM card_propagations"));
        System.out.println(
                "Webhook deliveries not succeeded, the first 50 (id, status, attempts, claims, next attempt): "
                        + sql.strings(
                                "SELECT id || ' ' || status || ' ' || CAST(attempts AS VARCHAR(20)) || ' '"
                                        + " || CAST(claims AS VARCHAR(20)) || ' ' || CAST(next_attempt_at AS VARCHAR(60))"
                                        + " FROM webhook_deliveries WHERE status <> 'succeeded' ORDER BY id FETCH FIRST 50 ROWS ONLY"));
        List<String> unseen = new ArrayList<>(sql.strings("SELECT event_id FROM webhook_deliveries"));
        unseen.removeAll(hooks.ids);
        System.out.println("Webhook events the receiver has not seen (" + unseen.size() + "): "
                + unseen.subList(0, Math.min(50, unseen.size())));
        System.out.println("Job executions, the first 50 due (task, id, picked, heartbeat, due): "
                + sql.strings("SELECT task_name || ' ' || task_instance || ' ' || CAST(picked AS VARCHAR(10)) || ' '"
                        + " || COALESCE(CAST(last_heartbeat AS VARCHAR(60)), '-') || ' '"
                        + " || CAST(execution_time AS VARCHAR(60)) FROM scheduled_tasks"
                        + " ORDER BY execution_time FETCH FIRST 50 ROWS ONLY"));
    }
}
