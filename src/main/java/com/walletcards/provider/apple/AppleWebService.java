package com.walletcards.provider.apple;

import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.ObjectContents.CurrentObject;
import com.walletcards.card.spi.ObjectContents.State;
import com.walletcards.card.spi.ObjectEvent;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.ProviderName;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Apple Wallet's pass web service under {@code {download_base}/wallet/alpha}: the five calls a
 * device makes for a pass with a {@code webServiceURL}. Pass-specific calls carry
 * {@code Authorization: ApplePass <authenticationToken>}; the list call has no such header (the
 * device library id is its secret). Answers exactly the status codes Apple's documentation names;
 * errors carry the service's envelope. Only present while {@code alpha} runs in {@code apple} mode.
 */
@RestController
@Hidden
@RequestMapping(AppleWebService.BASE_PATH + "/v1")
class AppleWebService {

    static final String BASE_PATH = "/wallet/alpha";
    private static final Logger log = LoggerFactory.getLogger(AppleWebService.class);
    private static final Logger deviceLog = LoggerFactory.getLogger("com.walletcards.provider.apple.DeviceLog");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern DEVICE = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final Pattern PUSH_TOKEN = Pattern.compile("[0-9A-Fa-f]{16,200}");
    private static final Pattern SERIAL = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    private static final String SCHEME = "ApplePass ";
    static final int MAX_REGISTRATION_BODY = 4 * 1024;
    static final int MAX_LOG_BODY = 32 * 1024;
    private static final int MAX_LOG_LINES = 20;
    private static final int MAX_LOG_LINE = 300;
    /** More than any person keeps in one wallet; beyond it, a device is misbehaving. */
    static final int MAX_PASSES_PER_DEVICE = 1000;

    private final AppleWallet wallet;
    private final Clock clock;
    private final Map<String, Bucket> registrationBuckets = new ConcurrentHashMap<>();
    private final Bucket logBucket = Bucket.builder()
            .addLimit(Bandwidth.builder()
                    .capacity(50)
                    .refillGreedy(10, Duration.ofSeconds(1))
                    .build())
            .build();

    AppleWebService(AppleWallet wallet, Clock clock) {
        this.wallet = wallet;
        this.clock = clock;
    }

    // --- 1. register a device for a pass ---------------------------------------------------------

    @PostMapping("/devices/{deviceLibraryId}/registrations/{passTypeId}/{serialNumber}")
    ResponseEntity<Void> register(
            @PathVariable String deviceLibraryId,
            @PathVariable String passTypeId,
            @PathVariable String serialNumber,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
            HttpServletRequest request) {
        AppleWallet.Running running = running(passTypeId);
        PassStore.Pass pass = authorized(running, serialNumber, authorization);
        checkDevice(deviceLibraryId);
        JsonNode body = json(request, MAX_REGISTRATION_BODY);
        JsonNode token = body.get("pushToken");
        if (token == null
                || !token.isString()
                || !PUSH_TOKEN.matcher(token.asString()).matches()) {
            throw new ApiException(
                    ErrorCode.VALIDATION_FAILED, "pushToken: must be the device's hexadecimal push token");
        }
        if (!registrationBucket(deviceLibraryId).tryConsume(1)
                || running.store().registrationCountOfDevice(deviceLibraryId) >= MAX_PASSES_PER_DEVICE) {
            throw new ApiException(ErrorCode.RATE_LIMITED, "Too many registrations from this device");
        }
        boolean created = running.store().register(deviceLibraryId, pass.serialNumber(), token.asString());
        if (created) {
            report(pass.serialNumber(), "apple-register-" + deviceLibraryId, ObjectEvent.Kind.INSTALLED);
            device(pass.serialNumber(), true);
        }
        return ResponseEntity.status(created ? HttpStatus.CREATED : HttpStatus.OK)
                .build();
    }

    // --- 2. the device's passes that changed -----------------------------------------------------

    @GetMapping(
            path = "/devices/{deviceLibraryId}/registrations/{passTypeId}",
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<UpdatedPasses> updatedPasses(
            @PathVariable String deviceLibraryId,
            @PathVariable String passTypeId,
            @RequestParam(name = "passesUpdatedSince", required = false) @Nullable String passesUpdatedSince) {
        AppleWallet.Running running = running(passTypeId);
        checkDevice(deviceLibraryId);
        Long since = null;
        if (passesUpdatedSince != null && !passesUpdatedSince.isBlank()) {
            try {
                since = Long.parseLong(passesUpdatedSince.trim());
            } catch (NumberFormatException e) {
                // Not a tag this service gave out: the device gets everything, which is always safe.
            }
        }
        List<Map.Entry<String, Long>> updated = running.store().updatedSince(deviceLibraryId, since);
        if (updated.isEmpty()) {
            return ResponseEntity.noContent().build();
        }
        long lastUpdated = updated.stream().mapToLong(Map.Entry::getValue).max().orElse(0);
        // The device asks after a push: a fetch of these passes now counts as its delivery.
        updated.forEach(pass ->
                wallet.deliveryReport(reports -> reports.asked(ProviderName.alpha, pass.getKey(), deviceLibraryId)));
        return ResponseEntity.ok(
                new UpdatedPasses(updated.stream().map(Map.Entry::getKey).toList(), Long.toString(lastUpdated)));
    }

    /**
     * The serial numbers of the device's passes that changed, and the tag to ask with next time:
     * a string, since devices that get a number there never fetch the passes.
     */
    record UpdatedPasses(List<String> serialNumbers, String lastUpdated) {}

    // --- 3. the newest version of a pass ---------------------------------------------------------

    @GetMapping("/passes/{passTypeId}/{serialNumber}")
    ResponseEntity<byte[]> pass(
            @PathVariable String passTypeId,
            @PathVariable String serialNumber,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
            @RequestHeader(name = HttpHeaders.IF_MODIFIED_SINCE, required = false) @Nullable String ifModifiedSince) {
        AppleWallet.Running running = running(passTypeId);
        PassStore.Pass pass = authorized(running, serialNumber, authorization);
        String lastModified = httpDate(pass.modifiedEpoch());
        Long since = parseHttpDate(ifModifiedSince);
        if (since != null && pass.modifiedEpoch() <= since) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED)
                    .header(HttpHeaders.LAST_MODIFIED, lastModified)
                    .build();
        }
        CurrentObject current = wallet.contents()
                .find(ProviderName.alpha, serialNumber)
                .orElseThrow(() -> new NotFound("Pass " + serialNumber));
        CardContent content = current.content();
        if (current.state() == State.DELETED || content == null) {
            // No change reaches a deleted recipient's pass: it is served as it was last issued.
            content = IssuedContent.read(
                            running.store().issuedContent(serialNumber).orElse(null))
                    .orElse(content);
        }
        if (content == null) {
            throw new NotFound("Pass " + serialNumber);
        }
        PassStore.Pass shown = current.state() == State.REVOKED && !pass.voided() ? voided(pass) : pass;
        byte[] file = running.renderer().render(content, shown, token(authorization));
        long served = content.version();
        wallet.deliveryReport(reports -> reports.fetched(ProviderName.alpha, serialNumber, served));
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(PassPackage.CONTENT_TYPE))
                .header(HttpHeaders.LAST_MODIFIED, lastModified)
                .header(HttpHeaders.CACHE_CONTROL, "no-cache")
                .body(file);
    }

    // --- 4. unregister a device ------------------------------------------------------------------

    @DeleteMapping("/devices/{deviceLibraryId}/registrations/{passTypeId}/{serialNumber}")
    ResponseEntity<Void> unregister(
            @PathVariable String deviceLibraryId,
            @PathVariable String passTypeId,
            @PathVariable String serialNumber,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization) {
        AppleWallet.Running running = running(passTypeId);
        PassStore.Pass pass = authorized(running, serialNumber, authorization);
        checkDevice(deviceLibraryId);
        if (running.store().unregister(deviceLibraryId, pass.serialNumber())) {
            device(pass.serialNumber(), false);
            if (running.store().registrationCount(pass.serialNumber()) == 0) {
                report(pass.serialNumber(), "apple-unregister-" + deviceLibraryId, ObjectEvent.Kind.REMOVED);
            }
        }
        return ResponseEntity.ok().build();
    }

    // --- 5. the device's error log ---------------------------------------------------------------

    /** Untrusted text: bounded in size, lines and rate, stripped of control characters, never echoed. */
    @PostMapping("/log")
    ResponseEntity<Void> log(HttpServletRequest request) {
        running();
        // A body too large or malformed is refused as such; the limit guards what reaches the log.
        JsonNode body = json(request, MAX_LOG_BODY);
        JsonNode logs = body.get("logs");
        if (logs == null || !logs.isArray()) {
            throw new ApiException(ErrorCode.VALIDATION_FAILED, "logs: must be an array of strings");
        }
        if (!logBucket.tryConsume(1)) {
            throw new ApiException(ErrorCode.RATE_LIMITED, "Too many log requests");
        }
        int lines = 0;
        for (JsonNode line : logs) {
            if (lines++ >= MAX_LOG_LINES) {
                deviceLog.info("Apple Wallet device log: {} more lines not kept", logs.size() - MAX_LOG_LINES);
                break;
            }
            String text = line.isString() ? line.asString() : line.toString();
            text = text.replaceAll("\\p{Cntrl}", " ");
            deviceLog.info(
                    "Apple Wallet device log: {}",
                    text.length() > MAX_LOG_LINE ? text.substring(0, MAX_LOG_LINE) + "…" : text);
        }
        return ResponseEntity.ok().build();
    }

    // --- helpers ---------------------------------------------------------------------------------

    private AppleWallet.Running running() {
        return wallet.running().orElseThrow(() -> new NotFound("Apple Wallet web service"));
    }

    /** The web service of a pass type this service does not sign for does not exist here. */
    private AppleWallet.Running running(String passTypeId) {
        AppleWallet.Running running = running();
        if (!running.renderer().credentials().passTypeId().equals(passTypeId)) {
            throw new NotFound("Pass type " + passTypeId);
        }
        return running;
    }

    /**
     * The pass, when the request carries its token. An unknown serial is 404 only after the
     * header's form was checked, so a request without a token learns nothing about serials.
     */
    private static PassStore.Pass authorized(
            AppleWallet.Running running, String serialNumber, @Nullable String authorization) {
        String token = token(authorization);
        if (token.isEmpty()) {
            throw new ApiException(
                    ErrorCode.UNAUTHORIZED, "Authorization: ApplePass <authenticationToken> is required");
        }
        if (!SERIAL.matcher(serialNumber).matches()) {
            throw new NotFound("Pass " + serialNumber);
        }
        PassStore.Pass pass =
                running.store().find(serialNumber).orElseThrow(() -> new NotFound("Pass " + serialNumber));
        if (!AuthTokens.matches(token, pass.authTokenHash())) {
            throw new ApiException(ErrorCode.UNAUTHORIZED, "The ApplePass token does not match this pass");
        }
        return pass;
    }

    private static String token(@Nullable String authorization) {
        if (authorization == null || !authorization.startsWith(SCHEME)) {
            return "";
        }
        return authorization.substring(SCHEME.length()).trim();
    }

    private static void checkDevice(String deviceLibraryId) {
        if (!DEVICE.matcher(deviceLibraryId).matches()) {
            throw new ApiException(
                    ErrorCode.VALIDATION_FAILED,
                    "deviceLibraryIdentifier: must be 1-128 letters, digits, '.', '_' or '-'");
        }
    }

    private Bucket registrationBucket(String deviceLibraryId) {
        if (registrationBuckets.size() > 100_000) {
            registrationBuckets.clear(); // bounded memory; a cleared bucket only forgives a little
        }
        return registrationBuckets.computeIfAbsent(
                deviceLibraryId,
                d -> Bucket.builder()
                        .addLimit(Bandwidth.builder()
                                .capacity(100)
                                // whole minutes: a device over its limit stays refused until the minute ends,
                                // rather than getting a registration through every 0.6 s
                                .refillIntervally(100, Duration.ofMinutes(1))
                                .build())
                        .build());
    }

    /** Counted per device (the card's statistics); never fails the device's call. */
    private void device(String serialNumber, boolean registered) {
        try {
            wallet.events().deviceRegistration(ProviderName.alpha, serialNumber, registered, clock.instant());
        } catch (RuntimeException e) {
            log.warn("The device registration of pass {} was not reported: {}", serialNumber, e.toString());
        }
    }

    private void report(String serialNumber, String eventPrefix, ObjectEvent.Kind kind) {
        Instant now = clock.instant();
        try {
            wallet.events()
                    .report(new ObjectEvent(
                            ProviderName.alpha, serialNumber, eventPrefix + "-" + now.toEpochMilli(), kind, now));
        } catch (NotFound gone) {
            log.debug("Pass {} has no card any more", serialNumber);
        }
    }

    private static JsonNode json(HttpServletRequest request, int limit) {
        if (request.getContentLengthLong() > limit) {
            throw new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "The body is larger than " + limit + " bytes");
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(limit + 1);
        } catch (IOException e) {
            throw new ApiException(ErrorCode.INVALID_JSON, "The body could not be read");
        }
        if (body.length > limit) {
            throw new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "The body is larger than " + limit + " bytes");
        }
        try {
            JsonNode node = JSON.readTree(body);
            if (node == null || !node.isObject()) {
                throw new ApiException(ErrorCode.INVALID_JSON, "The body must be a JSON object");
            }
            return node;
        } catch (JacksonException e) {
            throw new ApiException(ErrorCode.INVALID_JSON, "The body is not valid JSON");
        }
    }

    private static PassStore.Pass voided(PassStore.Pass pass) {
        return new PassStore.Pass(
                pass.serialNumber(),
                pass.walletCardId(),
                pass.authTokenHash(),
                pass.contentVersion(),
                true,
                pass.messageHeader(),
                pass.messageBody(),
                pass.modifiedEpoch());
    }

    static String httpDate(long epochSecond) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(
                ZonedDateTime.ofInstant(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC));
    }

    private static @Nullable Long parseHttpDate(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toEpochSecond();
        } catch (DateTimeParseException e) {
            return null; // an unreadable date asks for the pass, like no date
        }
    }
}
