package com.walletcards.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.walletcards.platform.database.DatabaseLink;
import com.walletcards.shared.web.ErrorResponses;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.converter.HttpMessageNotWritableException;
import org.springframework.mock.web.MockHttpServletRequest;
import tools.jackson.databind.json.JsonMapper;

@ExtendWith(OutputCaptureExtension.class)
class ClientDisconnectTest {

    private final ApiExceptionHandler handler = new ApiExceptionHandler(
            new ErrorResponses(JsonMapper.builder().build()), new DatabaseLink(null, Duration.ofSeconds(1)));

    @Test
    void aClientThatLeftBeforeTheAnswerIsNeitherAnsweredNorLoggedAsOurFailure(CapturedOutput output) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/v1/campaigns/cmp_1/recipients/bulk");
        HttpMessageNotWritableException gone =
                new HttpMessageNotWritableException("Could not write JSON", new IOException("Broken pipe"));

        assertThat(handler.unexpected(gone, request)).isNull();
        assertThat(output).doesNotContain("Unexpected failure");
    }

    @Test
    void aFailureOfOursIsStillAnswered500AndLogged(CapturedOutput output) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/v1/campaigns");

        assertThat(handler.unexpected(new IllegalStateException("bug"), request)
                        .getStatusCode()
                        .value())
                .isEqualTo(500);
        assertThat(output).contains("Unexpected failure of GET /v1/campaigns");
    }
}
