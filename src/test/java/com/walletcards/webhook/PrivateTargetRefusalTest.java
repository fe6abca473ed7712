package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** With the default settings, private targets are refused when saved and when delivering. */
@DatabaseTest
class PrivateTargetRefusalTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
    }

    @Test
    void privateAddressLiteralsAreRefusedWhenSaved() {
        for (String url : List.of(
                "http://127.0.0.1:8080/hook",
                "http://10.0.0.1/hook",
                "http://169.254.169.254/latest/meta-data/",
                "http://[::1]/hook",
                "http://localhost/hook")) {
            Api.Response r = api.post("/v1/webhooks", Map.of("url", url, "events", List.of("*")));
            assertThat(r.status()).as(url).isEqualTo(400);
            assertThat(r.json().get("error").get("details").get(0).get("field").asString())
                    .isEqualTo("url");
        }
    }

    @Test
    void aNameThatResolvesToAPrivateAddressIsRefusedAtDeliveryAndLogged() throws Exception {
        // This machine's own name passes the check when saved but resolves to a private address.
        String host = InetAddress.getLocalHost().getHostName();
        Assumptions.assumeTrue(
                !host.equals("localhost")
                        && AddressRules.refusal(InetAddress.getByName(host)).isPresent(),
                "the host name resolves to a private address");
        Api.Response created =
                api.post("/v1/webhooks", Map.of("url", "http://" + host + ":9/hook", "events", List.of("*")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.data().get("id").asString();

        api.post("/v1/webhooks/" + id + "/test", null);

        JsonNode attempt = await().atMost(Duration.ofSeconds(20))
                .until(
                        () -> api.get("/v1/webhooks/" + id + "/deliveries")
                                .data()
                                .get("deliveries"),
                        list -> list.size() > 0)
                .get(0);
        assertThat(attempt.get("succeeded").asBoolean()).isFalse();
        assertThat(attempt.get("statusCode").isNull()).isTrue();
        assertThat(attempt.get("error").asString()).startsWith("target refused").contains("private targets");
    }
}
