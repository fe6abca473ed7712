package com.walletcards.provider.google;

import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stateful stand-in for the Google Wallet REST API and Google's OAuth2 token endpoint, enforcing
 * the rules this service relies on: a token obtained with a service-account JWT signed by the
 * issuer's key (else 401), ids under the issuer's prefix, bodies holding only the fields Google's
 * published resource definitions have, at every nesting level ({@link GoogleWalletDefinitions},
 * else 400 "Unknown name"), insert of an existing id 409, unknown ids 404, objects only of
 * existing classes, PATCH replacing top-level fields (arrays whole), at most
 * 10 messages per class or object, at most 3 {@code TEXT_AND_NOTIFY} messages per resource in 24
 * hours (403 {@code quotaExceeded}), and a per-issuer request rate (429). Failures can be injected,
 * and every request is logged with its time so tests can count calls and measure the rate.
 */
final class FakeGoogleWallet implements AutoCloseable {

    static final String ISSUER_ID = "3388000000022222222";
    static final String CLIENT_EMAIL = "wallet-issuer@demo-project.iam.gserviceaccount.com";
    /** The audience Google's token endpoint requires of an assertion, wherever it is reached. */
    static final String GOOGLE_TOKEN_AUDIENCE = "https://oauth2.googleapis.com/token";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern RESOURCE = Pattern.compile(
            "/walletobjects/v1/(eventTicket|offer|loyalty|generic)(Class|Object)(?:/([^/]+)(/addMessage)?)?");
    private static final Pattern ID = Pattern.compile("[0-9]+\\.[A-Za-z0-9._-]+");
    private static final Set<String> REVIEW_STATUSES = Set.of("UNDER_REVIEW", "DRAFT");
    /** What a card template row may show: a text module of the class or the object, or a top-level field. */
    private static final Pattern FIELD_PATH =
            Pattern.compile("(class|object)\\.(textModulesData\\['[A-Za-z0-9._-]+'\\]|[A-Za-z]+)");

    /** One request: {@code resource} is the class or object id it was about (an insert's from its body). */
    record Request(String method, String path, int status, Instant at, String resource) {}

    private final HttpServer server;
    private final KeyPair serviceAccountKey;
    private final Path keyFile;
    private final Map<String, Instant> tokens = new ConcurrentHashMap<>();
    /** type ("eventTicketClass", ...) → id → resource */
    private final Map<String, Map<String, ObjectNode>> resources = new ConcurrentHashMap<>();

    private final Map<String, List<Instant>> notifications = new ConcurrentHashMap<>();
    private final List<Request> log = new CopyOnWriteArrayList<>();
    private final Deque<Instant> window = new ArrayDeque<>();
    /** An injected failure, for any request ({@code aboutPath} null) or those whose path names it. */
    private record Injected(
            int status, @org.jspecify.annotations.Nullable String aboutPath) {}

    private final Deque<Injected> injected = new ArrayDeque<>();
    /** Requests whose path contains the key wait for the latch: a slow Google, held by the test. */
    private final Map<String, CountDownLatch> held = new ConcurrentHashMap<>();

    private volatile String callbackKeys = "{\"keys\":[]}";
    private volatile int requestsPerSecond = 20;
    private volatile Duration clockOffset = Duration.ZERO;

    FakeGoogleWallet() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            serviceAccountKey = generator.generateKeyPair();
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.setExecutor(Executors.newFixedThreadPool(8));
            server.createContext("/", this::handle);
            server.start();
            keyFile = Files.createTempFile("google-service-account", ".json");
            Files.writeString(keyFile, serviceAccountJson());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    String apiUrl() {
        return baseUrl() + "/walletobjects/v1/";
    }

    String tokenUrl() {
        return baseUrl() + "/token";
    }

    String keysUrl() {
        return baseUrl() + "/gp/m/issuer/keys";
    }

    Path keyFile() {
        return keyFile;
    }

    RSAPublicKey serviceAccountPublicKey() {
        return (RSAPublicKey) serviceAccountKey.getPublic();
    }

    /** The Spring properties that point the {@code google} mode of {@code beta} at this fake. */
    Map<String, String> properties() {
        return Map.of(
                "wallet.providers.settings.beta.mode",
                "google",
                "wallet.providers.settings.beta.google.service-account-file",
                keyFile.toString(),
                "wallet.providers.settings.beta.google.issuer-id",
                ISSUER_ID,
                "wallet.providers.settings.beta.google.api-base-url",
                apiUrl(),
                "wallet.providers.settings.beta.google.callback-keys-url",
                keysUrl(),
                "wallet.providers.settings.beta.google.first-backoff",
                "PT0.05S");
    }

    // ---- Test controls

    void serveCallbackKeys(String json) {
        callbackKeys = json;
    }

    void limitRequestsPerSecond(int limit) {
        requestsPerSecond = limit;
    }

    /** The next {@code count} API requests are answered with {@code status} (503, 429...). */
    synchronized void failNext(int count, int status) {
        for (int i = 0; i < count; i++) {
            injected.add(new Injected(status, null));
        }
    }

    /**
     * Fails the next requests about one resource (their path contains {@code id}), leaving other
     * requests (background work of earlier tests, say) alone.
     */
    synchronized void failNextAbout(String id, int count, int status) {
        for (int i = 0; i < count; i++) {
            injected.add(new Injected(status, id));
        }
    }

    /**
     * Holds every request whose method and path match until {@link #release} (the request is
     * processed when released, as a slow answer from Google would be). Returns a latch that opens
     * when the first such request arrived.
     */
    CountDownLatch hold(String method, String pathPart) {
        CountDownLatch arrived = new CountDownLatch(1);
        holdArrivals.put(method + " " + pathPart, arrived);
        held.put(method + " " + pathPart, new CountDownLatch(1));
        return arrived;
    }

    void release(String method, String pathPart) {
        CountDownLatch latch = held.remove(method + " " + pathPart);
        if (latch != null) {
            latch.countDown();
        }
    }

    private final Map<String, CountDownLatch> holdArrivals = new ConcurrentHashMap<>();

    private void waitIfHeld(String method, String path) {
        for (Map.Entry<String, CountDownLatch> e : held.entrySet()) {
            String[] key = e.getKey().split(" ", 2);
            if (key[0].equals(method) && path.contains(key[1])) {
                CountDownLatch arrived = holdArrivals.get(e.getKey());
                if (arrived != null) {
                    arrived.countDown();
                }
                try {
                    if (!e.getValue().await(60, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("held request never released: " + e.getKey());
                    }
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /**
     * What a generic pass shows in its card rows: each template row's field paths resolved against
     * the object and its class, as Google's renderer would (a missing module shows nothing).
     */
    List<String> genericCardRows(String objectId) {
        JsonNode object = resource("genericObject", objectId);
        JsonNode googleClass = resource("genericClass", object.path("classId").asString());
        List<String> rows = new ArrayList<>();
        for (JsonNode row : googleClass
                .path("classTemplateInfo")
                .path("cardTemplateOverride")
                .path("cardRowTemplateInfos")) {
            List<String> shown = new ArrayList<>();
            for (JsonNode item : row.findValues("fields")) {
                for (JsonNode field : item) {
                    shown.add(resolve(field.path("fieldPath").asString(), googleClass, object));
                }
            }
            rows.add(String.join(" | ", shown));
        }
        return rows;
    }

    private static String resolve(String fieldPath, JsonNode googleClass, JsonNode object) {
        Matcher m = Pattern.compile("(class|object)\\.textModulesData\\['([^']+)'\\]")
                .matcher(fieldPath);
        if (!m.matches()) {
            JsonNode source = fieldPath.startsWith("class.") ? googleClass : object;
            JsonNode value = source.path(fieldPath.substring(fieldPath.indexOf('.') + 1));
            return value.path("defaultValue").path("value").asString(value.asString(""));
        }
        JsonNode source = m.group(1).equals("class") ? googleClass : object;
        for (JsonNode module : source.path("textModulesData")) {
            if (module.path("id").asString("").equals(m.group(2))) {
                return module.path("body").asString("");
            }
        }
        return "";
    }

    /** Moves the fake's clock forward: the notification quota counts 24 hours of it. */
    void advanceClock(Duration duration) {
        clockOffset = clockOffset.plus(duration);
    }

    void revokeTokens() {
        tokens.clear();
    }

    void markSaved(String type, String id) {
        ObjectNode resource = resources.getOrDefault(type, Map.of()).get(id);
        if (resource != null) {
            resource.put("hasUsers", true);
        }
    }

    /** A message added by someone else (the issuer's own tools), counted against the same limits. */
    void addMessageDirectly(String type, String id, String messageType) {
        Map<String, ObjectNode> store = resources.get(type);
        synchronized (store) {
            ObjectNode body = JSON.createObjectNode();
            ObjectNode message = body.putObject("message");
            message.put("id", "direct-" + UUID.randomUUID());
            message.put("header", "Earlier");
            message.put("body", "An earlier message");
            message.put("messageType", messageType);
            Reply reply = addMessage(type, id, store.get(id), body);
            if (reply.status() != 200) {
                throw new IllegalStateException(reply.body());
            }
        }
    }

    List<Request> requests() {
        return List.copyOf(log);
    }

    /** API requests (the token endpoint and keys excluded) with this method whose path contains {@code part}. */
    List<Request> calls(String method, String part) {
        return log.stream()
                .filter(r -> r.path().startsWith("/walletobjects/"))
                .filter(r -> r.method().equals(method) && r.path().contains(part))
                .toList();
    }

    long apiCalls() {
        return log.stream().filter(r -> r.path().startsWith("/walletobjects/")).count();
    }

    long tokenRequests() {
        return log.stream().filter(r -> r.path().equals("/token")).count();
    }

    JsonNode resource(String type, String id) {
        ObjectNode node = resources.getOrDefault(type, Map.of()).get(id);
        return node == null ? null : node.deepCopy();
    }

    void reset() {
        synchronized (this) {
            injected.clear();
            window.clear();
        }
        log.clear();
        requestsPerSecond = 20;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    // ---- The server

    private void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        byte[] body = exchange.getRequestBody().readAllBytes();
        int status;
        String answer;
        try {
            Reply reply = path.equals("/token")
                    ? token(new String(body, StandardCharsets.UTF_8))
                    : path.equals("/gp/m/issuer/keys")
                            ? new Reply(200, callbackKeys)
                            : api(exchange, method, path, body);
            status = reply.status();
            answer = reply.body();
        } catch (RuntimeException e) {
            status = 500;
            answer = error(500, "INTERNAL", "backendError", String.valueOf(e.getMessage()));
        }
        log.add(new Request(method, path, status, Instant.now(), resourceOf(path, body)));
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=UTF-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private record Reply(int status, String body) {}

    private static String resourceOf(String path, byte[] body) {
        Matcher m = RESOURCE.matcher(path);
        if (!m.matches()) {
            return "";
        }
        if (m.group(3) != null) {
            return URLDecoder.decode(m.group(3), StandardCharsets.UTF_8);
        }
        try {
            return JSON.readTree(body).path("id").asString("");
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** API requests about any of these classes or objects. */
    long callsAbout(Collection<String> ids) {
        return log.stream()
                .filter(r -> r.path().startsWith("/walletobjects/") && ids.contains(r.resource()))
                .count();
    }

    /** The JWT-bearer grant: the assertion must be signed by the service account's key, for this token URL. */
    private Reply token(String form) {
        Map<String, String> params = new HashMap<>();
        for (String pair : form.split("&")) {
            String[] kv = pair.split("=", 2);
            if (kv.length == 2) {
                params.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
            }
        }
        if (!"urn:ietf:params:oauth:grant-type:jwt-bearer".equals(params.get("grant_type"))) {
            return new Reply(400, "{\"error\":\"unsupported_grant_type\"}");
        }
        try {
            SignedJWT assertion = SignedJWT.parse(params.get("assertion"));
            JWTClaimsSet claims = assertion.getJWTClaimsSet();
            String problem = !assertion.verify(new RSASSAVerifier(serviceAccountPublicKey()))
                    ? "Invalid JWT Signature."
                    : !CLIENT_EMAIL.equals(claims.getIssuer())
                            ? "Invalid issuer"
                            : !claims.getAudience().contains(GOOGLE_TOKEN_AUDIENCE)
                                    ? "Invalid audience " + claims.getAudience()
                                    : !String.valueOf(claims.getClaim("scope")).contains("wallet_object.issuer")
                                            ? "Invalid scope " + claims.getClaim("scope")
                                            : !claims.getExpirationTime()
                                                            .toInstant()
                                                            .isAfter(Instant.now())
                                                    ? "Expired JWT"
                                                    : null;
            if (problem != null) {
                return new Reply(
                        400, JSON.writeValueAsString(Map.of("error", "invalid_grant", "error_description", problem)));
            }
        } catch (Exception e) {
            return new Reply(400, "{\"error\":\"invalid_grant\",\"error_description\":\"" + e.getMessage() + "\"}");
        }
        String token = "ya29.fake-" + UUID.randomUUID();
        tokens.put(token, Instant.now().plusSeconds(3600));
        return new Reply(200, "{\"access_token\":\"" + token + "\",\"expires_in\":3600,\"token_type\":\"Bearer\"}");
    }

    private Reply api(HttpExchange exchange, String method, String path, byte[] body) {
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (auth == null
                || !auth.startsWith("Bearer ")
                || !tokens.containsKey(auth.substring(7))
                || tokens.get(auth.substring(7)).isBefore(Instant.now())) {
            return new Reply(
                    401, error(401, "UNAUTHENTICATED", "authError", "Request had invalid authentication credentials."));
        }
        synchronized (this) {
            Integer forced = null;
            for (var it = injected.iterator(); it.hasNext(); ) {
                Injected next = it.next();
                if (next.aboutPath() == null || path.contains(next.aboutPath())) {
                    forced = next.status();
                    it.remove();
                    break;
                }
            }
            if (forced != null) {
                return new Reply(
                        forced,
                        error(
                                forced,
                                forced == 429 ? "RESOURCE_EXHAUSTED" : "UNAVAILABLE",
                                forced == 429 ? "rateLimitExceeded" : "backendError",
                                "injected failure"));
            }
            Instant now = Instant.now();
            while (!window.isEmpty() && window.peekFirst().isBefore(now.minusSeconds(1))) {
                window.pollFirst();
            }
            if (window.size() >= requestsPerSecond) {
                return new Reply(
                        429,
                        error(
                                429,
                                "RESOURCE_EXHAUSTED",
                                "rateLimitExceeded",
                                "Quota exceeded for quota metric 'Requests' of service walletobjects.googleapis.com"));
            }
            window.addLast(now);
        }
        waitIfHeld(method, path);
        Matcher m = RESOURCE.matcher(path);
        if (!m.matches()) {
            return new Reply(404, error(404, "NOT_FOUND", "notFound", "No such method: " + path));
        }
        String type = m.group(1) + m.group(2);
        String id = m.group(3) == null ? null : URLDecoder.decode(m.group(3), StandardCharsets.UTF_8);
        boolean addMessage = m.group(4) != null;
        Map<String, ObjectNode> store = resources.computeIfAbsent(type, t -> new ConcurrentHashMap<>());
        synchronized (store) {
            if (id == null && method.equals("POST")) {
                return insert(type, m.group(1), store, parse(body));
            }
            if (id == null) {
                return new Reply(405, error(405, "METHOD_NOT_ALLOWED", "badRequest", "method not allowed"));
            }
            ObjectNode resource = store.get(id);
            if (resource == null) {
                return new Reply(
                        404,
                        error(
                                404,
                                "NOT_FOUND",
                                "resourceNotFound",
                                "Resource " + type + " with id " + id + " does not exist."));
            }
            if (addMessage && method.equals("POST")) {
                return addMessage(type, id, resource, parse(body));
            }
            return switch (method) {
                case "GET" -> new Reply(200, resource.toString());
                case "PATCH" -> patch(type, resource, parse(body));
                default -> new Reply(405, error(405, "METHOD_NOT_ALLOWED", "badRequest", "method not allowed"));
            };
        }
    }

    private Reply insert(String type, String vertical, Map<String, ObjectNode> store, ObjectNode body) {
        String id = body.path("id").asString("");
        if (!ID.matcher(id).matches() || !id.startsWith(ISSUER_ID + ".")) {
            return new Reply(
                    400,
                    error(
                            400,
                            "INVALID_ARGUMENT",
                            "invalidResource",
                            "Invalid resource id " + id + ": it must be <issuer id>.<identifier> of this issuer"));
        }
        if (store.containsKey(id)) {
            return new Reply(409, error(409, "ALREADY_EXISTS", "duplicate", "Resource " + id + " already exists."));
        }
        String invalid = invalid(type, body);
        if (invalid != null) {
            return new Reply(400, error(400, "INVALID_ARGUMENT", "invalidArgument", invalid));
        }
        if (type.endsWith("Class")) {
            // Required on insert where the resource defines it; the generic class does not.
            if (GoogleWalletDefinitions.defines(type, "reviewStatus")
                    && !REVIEW_STATUSES.contains(body.path("reviewStatus").asString(""))) {
                return new Reply(
                        400,
                        error(
                                400,
                                "INVALID_ARGUMENT",
                                "invalidResource",
                                "reviewStatus must be UNDER_REVIEW or DRAFT when inserting a class"));
            }
        } else {
            String classId = body.path("classId").asString("");
            if (!resources.getOrDefault(vertical + "Class", Map.of()).containsKey(classId)) {
                return new Reply(404, error(404, "NOT_FOUND", "classNotFound", "Class " + classId + " not found"));
            }
            if (!body.has("state")) {
                body.put("state", "ACTIVE");
            }
            body.put("hasUsers", false);
        }
        if (type.equals("genericObject")
                && (!body.path("cardTitle").isObject() || !body.path("header").isObject())) {
            return new Reply(
                    400,
                    error(
                            400,
                            "INVALID_ARGUMENT",
                            "invalidResource",
                            "A generic object requires cardTitle and header"));
        }
        if (tooManyMessages(body)) {
            return new Reply(400, error(400, "INVALID_ARGUMENT", "invalidResource", "at most 10 messages"));
        }
        store.put(id, body);
        return new Reply(200, body.toString());
    }

    private Reply patch(String type, ObjectNode resource, ObjectNode body) {
        if (body.has("id")
                && !body.path("id").asString("").equals(resource.path("id").asString())) {
            return new Reply(400, error(400, "INVALID_ARGUMENT", "invalidResource", "the id cannot change"));
        }
        if (type.endsWith("Object")
                && body.has("state")
                && !Set.of("ACTIVE", "INACTIVE", "EXPIRED", "COMPLETED")
                        .contains(body.path("state").asString(""))) {
            return new Reply(400, error(400, "INVALID_ARGUMENT", "invalidResource", "invalid state"));
        }
        String invalid = invalid(type, body);
        if (invalid != null) {
            return new Reply(400, error(400, "INVALID_ARGUMENT", "invalidArgument", invalid));
        }
        ObjectNode patched = resource.deepCopy();
        body.properties().forEach(e -> patched.set(e.getKey(), e.getValue())); // arrays and objects replaced whole
        if (tooManyMessages(patched)) {
            return new Reply(400, error(400, "INVALID_ARGUMENT", "invalidResource", "at most 10 messages"));
        }
        resource.removeAll();
        resource.setAll(patched);
        return new Reply(200, resource.toString());
    }

    private Reply addMessage(String type, String id, ObjectNode resource, ObjectNode body) {
        String invalid = GoogleWalletDefinitions.addMessageProblem(body).orElse(null);
        if (invalid != null) {
            return new Reply(400, error(400, "INVALID_ARGUMENT", "invalidArgument", invalid));
        }
        JsonNode message = body.path("message");
        if (!message.isObject() || message.path("body").asString("").isBlank()) {
            return new Reply(400, error(400, "INVALID_ARGUMENT", "invalidResource", "message.body is required"));
        }
        ArrayNode messages =
                resource.has("messages") && resource.get("messages").isArray()
                        ? (ArrayNode) resource.get("messages")
                        : resource.putArray("messages");
        if (messages.size() >= 10) {
            return new Reply(
                    400,
                    error(400, "INVALID_ARGUMENT", "invalidResource", "A " + type + " can have at most 10 messages"));
        }
        if ("TEXT_AND_NOTIFY".equals(message.path("messageType").asString(""))) {
            Instant now = Instant.now().plus(clockOffset);
            List<Instant> sent = notifications.computeIfAbsent(type + "/" + id, k -> new ArrayList<>());
            sent.removeIf(at -> at.isBefore(now.minus(Duration.ofHours(24))));
            if (sent.size() >= 3) {
                return new Reply(
                        403,
                        error(
                                403,
                                "PERMISSION_DENIED",
                                "quotaExceeded",
                                "Quota exceeded for issuer " + ISSUER_ID + " when adding TEXT_AND_NOTIFY message to "
                                        + type + " " + id + "."));
            }
            sent.add(now);
        }
        messages.add(message);
        return new Reply(200, "{\"resource\":" + resource + "}");
    }

    /**
     * Google's schema checks: every field, at every nesting level, must be one the resource's
     * published definition has ({@link GoogleWalletDefinitions}), and card template rows must
     * name fields a pass has.
     */
    private static @org.jspecify.annotations.Nullable String invalid(String type, JsonNode body) {
        String undefined = GoogleWalletDefinitions.problem(type, body).orElse(null);
        if (undefined != null) {
            return undefined;
        }
        for (JsonNode fields : body.path("classTemplateInfo").findValues("fields")) {
            for (JsonNode field : fields) {
                String path = field.path("fieldPath").asString("");
                if (!FIELD_PATH.matcher(path).matches()) {
                    return "Invalid field path " + path + " in classTemplateInfo";
                }
            }
        }
        return null;
    }

    private static boolean tooManyMessages(JsonNode resource) {
        return resource.path("messages").isArray() && resource.path("messages").size() > 10;
    }

    private static ObjectNode parse(byte[] body) {
        JsonNode node = JSON.readTree(body);
        if (!(node instanceof ObjectNode object)) {
            throw new IllegalArgumentException("body is not a JSON object");
        }
        return object;
    }

    private static String error(int code, String status, String reason, String message) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("message", message);
        detail.put("domain", "walletobjects");
        detail.put("reason", reason);
        return JSON.writeValueAsString(
                Map.of("error", Map.of("code", code, "message", message, "status", status, "errors", List.of(detail))));
    }

    private String serviceAccountJson() {
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(serviceAccountKey.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("type", "service_account");
        json.put("project_id", "demo-project");
        json.put("private_key_id", "test-key-1");
        json.put("private_key", pem);
        json.put("client_email", CLIENT_EMAIL);
        json.put("client_id", "100000000000000000001");
        json.put("token_uri", tokenUrl());
        return JSON.writeValueAsString(json);
    }
}
