package com.walletcards.recipient;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.access.AccessManagement;
import com.walletcards.support.Api;
import com.walletcards.support.DatabaseTest;
import com.walletcards.support.Flows;
import com.walletcards.support.Tenants;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** A recipient's own language: the language of its invite email and card pages. */
@DatabaseTest
class RecipientLocaleApiTest {

    @LocalServerPort
    int port;

    @Autowired
    AccessManagement access;

    Api api;
    Flows flows;

    @BeforeEach
    void tenant() {
        api = new Api(port, Tenants.create(access).key());
        flows = new Flows(api);
    }

    private String base(String campaignId) {
        return "/v1/campaigns/" + campaignId + "/recipients";
    }

    @Test
    void aRecipientCarriesItsOwnLanguageOnAddBulkAddAndPatchUntilItIsCleared() {
        String c = flows.campaign();
        JsonNode german = flows.recipient(c, Map.of("locale", "de"));
        assertThat(german.get("locale").asString()).isEqualTo("de");
        JsonNode plain = flows.recipient(c, Map.of());
        assertThat(plain.get("locale").isNull()).isTrue();

        Api.Response bulk = api.post(
                base(c) + "/bulk",
                Map.of(
                        "sendEmail",
                        false,
                        "recipients",
                        List.of(
                                Map.of("email", Flows.email(), "locale", "en"),
                                Map.of("email", Flows.email(), "locale", "fr"))));
        assertThat(bulk.status()).isEqualTo(201);
        assertThat(bulk.data().get("created").asInt()).isEqualTo(1);
        assertThat(bulk.data().get("errors").get(0).get("message").asString()).startsWith("recipients[1].locale");
        String bulkId = bulk.data().get("recipients").get(0).get("id").asString();
        assertThat(api.get(base(c) + "/" + bulkId).data().get("locale").asString())
                .isEqualTo("en");

        String id = german.get("id").asString();
        assertThat(api.patch(base(c) + "/" + id, Map.of("name", "Ada"))
                        .data()
                        .get("locale")
                        .asString())
                .isEqualTo("de");
        assertThat(api.patch(base(c) + "/" + id, Map.of("locale", "en"))
                        .data()
                        .get("locale")
                        .asString())
                .isEqualTo("en");
        Map<String, Object> clear = new HashMap<>();
        clear.put("locale", null);
        api.patch(base(c) + "/" + id, clear);
        assertThat(api.get(base(c) + "/" + id).data().get("locale").isNull()).isTrue();
    }

    @Test
    void anUnknownLanguageIsRefusedNamingTheField() {
        String c = flows.campaign();
        Api.Response added = api.post(base(c), Map.of("email", Flows.email(), "locale", "fr"));
        assertThat(added.status()).isEqualTo(400);
        assertThat(added.json().get("error").get("details").get(0).get("field").asString())
                .isEqualTo("locale");
        String id = flows.recipient(c);
        Api.Response patched = api.patch(base(c) + "/" + id, Map.of("locale", "EN"));
        assertThat(patched.errorCode()).isEqualTo("VALIDATION_FAILED");
        assertThat(patched.json()
                        .get("error")
                        .get("details")
                        .get(0)
                        .get("field")
                        .asString())
                .isEqualTo("locale");
    }
}
