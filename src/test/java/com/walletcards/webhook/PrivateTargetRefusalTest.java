package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Tenants;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * With the default settings, private targets are refused when saved. A name that resolves to a
 * private address is refused when saved and at delivery: DnsRebindingTest, with a DNS of its own.
 */
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
}
