package com.walletcards.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.ValidationFailed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.mock.web.MockHttpServletRequest;

/** The streamed multipart reader gives back the file's bytes exactly, whatever they hold, and no more than its limit. */
class CsvUploadsTest {

    private static final String BOUNDARY = "----b0und";

    @TempDir
    Path dir;

    private static MockHttpServletRequest form(byte[] file) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n")
                .getBytes(StandardCharsets.UTF_8));
        body.write(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n"
                        + "Content-Type: text/csv\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        body.write(file);
        body.write(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/console/campaigns/c/imports/upload");
        request.setContentType("multipart/form-data; boundary=" + BOUNDARY);
        request.setContent(body.toByteArray());
        return request;
    }

    @Test
    void theFileComesOutByteForByteEvenWhenItHoldsPartsOfTheBoundary() throws IOException {
        byte[] file = ("email\r\n--\r\n--" + BOUNDARY.substring(0, 5) + "\r\n\r\n-" + "\r\r\n--"
                        + BOUNDARY.substring(0, BOUNDARY.length() - 1) + "x\n" + "ada@example.org\r\n")
                .getBytes(StandardCharsets.UTF_8);
        Path target = dir.resolve("a.csv");
        long written = CsvUploads.copy(form(file), "file", target, 1024);
        assertThat(written).isEqualTo(file.length);
        assertThat(Files.readAllBytes(target)).isEqualTo(file);
    }

    @Test
    void aFileAboveTheLimitIsRefusedWith413() {
        byte[] file = "x".repeat(2000).getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> CsvUploads.copy(form(file), "file", dir.resolve("b.csv"), 1000))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE));
    }

    @Test
    void aFormWithoutTheFileOrWithAnEmptyOneAsksForAFile() throws IOException {
        assertThatThrownBy(() -> CsvUploads.copy(form(new byte[0]), "file", dir.resolve("c.csv"), 1000))
                .isInstanceOf(ValidationFailed.class)
                .hasMessageContaining("choose a CSV file first");
        assertThatThrownBy(() -> CsvUploads.copy(form("a".getBytes()), "other", dir.resolve("d.csv"), 1000))
                .isInstanceOf(ValidationFailed.class);
    }
}
