package com.walletcards.platform.web;

import com.walletcards.shared.Page;
import com.walletcards.shared.ProviderTypes;
import com.walletcards.shared.web.ApiSchemas;
import com.walletcards.shared.web.ErrorBody;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.tags.Tag;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;

/**
 * The conventions every operation shares, applied to the whole document so that endpoints added
 * later get them without any annotation: one tag per resource (by path), the credential per area,
 * integer paging parameters, the optional {@code Idempotency-Key} on every POST, the
 * {@code X-Request-Id} response header and the error responses.
 */
class ApiConventions implements GlobalOpenApiCustomizer {

    static final String IDEMPOTENCY_KEY = "IdempotencyKey";
    static final String REQUEST_ID = "RequestId";

    /** Resource tags by path, most specific first. */
    private static final List<ResourceTag> TAGS = List.of(
            new ResourceTag(
                    "^/v1/campaigns/\\{[^/]+}/recipients(/.*)?$",
                    "Recipients",
                    "People who receive a card: single and bulk add, invitations, card status per wallet,"
                            + " revocation. Each recipient has one card with an object per targeted wallet provider."),
            new ResourceTag(
                    "^/v1/campaigns/\\{[^/]+}/notifications(/.*)?$",
                    "Notifications",
                    "Lock-screen messages to every holder of an installed card, sent now or scheduled; at most 3"
                            + " per campaign over its lifetime."),
            new ResourceTag(
                    "^/v1/campaigns(/.*)?$",
                    "Campaigns",
                    "A campaign holds the card design and the data all its cards share. Status: draft → active →"
                            + " completed, or archived. Lists are newest first and leave out archived campaigns."),
            new ResourceTag(
                    "^/v1/webhooks(/.*)?$",
                    "Webhooks",
                    "Subscriptions to events, delivered as signed POSTs (Standard Webhooks) with retries and an"
                            + " attempt log."),
            new ResourceTag(
                    "^/v1/audit-events(/.*)?$",
                    "Audit log",
                    "Every write of the API and of the console, with its actor, action and target, newest first."
                            + " Needs the scope audit:read; kept 400 days by default."),
            new ResourceTag(
                    "^/v1/callbacks(/.*)?$",
                    "Provider callbacks",
                    "Wallet providers report installs and removals of cards. Authenticated by an HMAC signature"
                            + " in X-Wallet-Signature, not by an API key."),
            new ResourceTag(
                    "^/admin/v1(/.*)?$",
                    "Administration",
                    "Organizations and their API keys, for operators. Enabled only when WALLET_ADMIN_TOKEN is set;"
                            + " authenticated with that token."));

    /** The order of the resources in the reference: from the campaign down to operators' tools. */
    private static final List<String> READING_ORDER = List.of(
            "Campaigns",
            "Recipients",
            "Notifications",
            "Webhooks",
            "Audit log",
            "Provider callbacks",
            "Administration");

    private record ResourceTag(Pattern path, String name, String description) {
        ResourceTag(String path, String name, String description) {
            this(Pattern.compile(path), name, description);
        }
    }

    static boolean isCallback(String path) {
        return path.startsWith("/v1/callbacks");
    }

    static boolean takesIdempotencyKey(String path, PathItem.HttpMethod method) {
        return method == PathItem.HttpMethod.POST && path.startsWith("/v1/") && !isCallback(path);
    }

    @Override
    public void customise(OpenAPI openApi) {
        Components components = openApi.getComponents();
        ModelConverters.getInstance().readAll(ErrorBody.class).forEach(components::addSchemas);
        List<String> providers = new ArrayList<>(List.of(ProviderTypes.ALL));
        providers.addAll(ProviderTypes.PROVIDERS);
        ApiSchemas.addValues(
                openApi, ApiSchemas.PROVIDER_TYPE, "A wallet provider; all stands for every provider", providers);
        components.addParameters(IDEMPOTENCY_KEY, idempotencyKey());
        components.addHeaders(
                REQUEST_ID,
                new Header()
                        .description("Identifies this request; equals error.requestId. Quote it when reporting"
                                + " a problem.")
                        .schema(new StringSchema()));
        Set<String> usedTags = new LinkedHashSet<>();
        openApi.getPaths()
                .forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
                    tag(path, operation).ifPresent(usedTags::add);
                    secure(path, operation);
                    typePaging(operation);
                    describePathIds(operation);
                    if (takesIdempotencyKey(path, method)) {
                        operation.addParametersItem(new Parameter().$ref("#/components/parameters/" + IDEMPOTENCY_KEY));
                    }
                    DocumentedErrors.addTo(path, method, operation);
                    operation
                            .getResponses()
                            .values()
                            .forEach(r -> r.addHeaderObject(
                                    "X-Request-Id", new Header().$ref("#/components/headers/" + REQUEST_ID)));
                }));
        List<Tag> tags = new ArrayList<>();
        TAGS.stream()
                .sorted(Comparator.comparing(tag -> READING_ORDER.indexOf(tag.name())))
                .filter(tag -> usedTags.remove(tag.name()))
                .forEach(tag -> tags.add(new Tag().name(tag.name()).description(tag.description())));
        // A path outside the table keeps its controller's @Tag, which then needs a description there.
        if (openApi.getTags() != null) {
            openApi.getTags().stream()
                    .filter(t -> usedTags.contains(t.getName()))
                    .forEach(tags::add);
        }
        openApi.setTags(tags);
    }

    private static Optional<String> tag(String path, Operation operation) {
        for (ResourceTag tag : TAGS) {
            if (tag.path().matcher(path).matches()) {
                operation.setTags(List.of(tag.name()));
                return Optional.of(tag.name());
            }
        }
        return operation.getTags() == null
                ? Optional.empty()
                : operation.getTags().stream().findFirst();
    }

    private static void secure(String path, Operation operation) {
        if (isCallback(path)) {
            operation.setSecurity(List.of());
        } else if (path.startsWith("/admin/")) {
            operation.setSecurity(List.of(new SecurityRequirement().addList(ApiDocumentation.ADMIN_TOKEN)));
        }
    }

    /** Paging values are read as text so that {@code limit=abc} is a 400 naming it; they are integers. */
    private static void typePaging(Operation operation) {
        if (operation.getParameters() == null) {
            return;
        }
        for (Parameter parameter : operation.getParameters()) {
            if (!"query".equals(parameter.getIn())) {
                continue;
            }
            if ("limit".equals(parameter.getName())) {
                parameter
                        .description("Page size")
                        .schema(new IntegerSchema()
                                .minimum(BigDecimal.ONE)
                                .maximum(BigDecimal.valueOf(Page.MAX_LIMIT))
                                ._default(20));
            } else if ("offset".equals(parameter.getName())) {
                parameter
                        .description("How many items to skip")
                        .schema(new IntegerSchema().minimum(BigDecimal.ZERO)._default(0));
            }
        }
    }

    /** {@code campaignId} → "The campaign's id", for every path id that has no description of its own. */
    private static void describePathIds(Operation operation) {
        if (operation.getParameters() == null) {
            return;
        }
        for (Parameter parameter : operation.getParameters()) {
            String name = parameter.getName();
            if ("path".equals(parameter.getIn())
                    && parameter.getDescription() == null
                    && name != null
                    && name.endsWith("Id")) {
                String resource = name.substring(0, name.length() - 2).replaceAll("([A-Z])", " $1");
                parameter.setDescription("The " + resource.toLowerCase(Locale.ROOT) + "'s id");
            }
        }
    }

    private static Parameter idempotencyKey() {
        return new HeaderParameter()
                .name("Idempotency-Key")
                .required(false)
                .description("Makes a retry safe: a repeated request with the same key, method, path and body gets"
                        + " the first response again (with Idempotent-Replayed: true) for 24 hours instead of"
                        + " running twice.")
                .schema(new StringSchema().minLength(1).maxLength(255).pattern("^[\\x20-\\x7E]+$"))
                .example("6f1c2d9e-order-4711");
    }
}
