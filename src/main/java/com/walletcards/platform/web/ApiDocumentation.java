package com.walletcards.platform.web;

import com.walletcards.shared.OrganizationId;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;
import org.springdoc.core.customizers.GlobalOperationCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The served OpenAPI document ({@code /openapi.json}, browsable at {@code /docs}). The conventions
 * every operation shares are applied by {@link ApiConventions} and {@link OperationDocumentation}.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocumentation {

    static final String API_KEY = "apiKey";
    static final String ADMIN_TOKEN = "adminToken";

    static {
        // The caller's organization comes from the API key, never from the request.
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(OrganizationId.class);
    }

    /**
     * The document names this installation's public address as its server, so that the reference
     * page's "Try it out" calls the installation it is served from, not a developer's machine.
     */
    @Bean
    OpenAPI walletApi(@Value("${wallet.download-base-url:http://localhost:8080}") String publicBase) {
        Components components = new Components()
                .addSecuritySchemes(
                        API_KEY,
                        new SecurityScheme()
                                .type(SecurityScheme.Type.HTTP)
                                .scheme("bearer")
                                .description("An API key of one organization: `Authorization: Bearer wk_...`. Keys"
                                        + " carry scopes (campaigns:read, campaigns:write, webhooks:read,"
                                        + " webhooks:write); write does not imply read. Each operation names the"
                                        + " scope it requires."))
                .addSecuritySchemes(
                        ADMIN_TOKEN,
                        new SecurityScheme()
                                .type(SecurityScheme.Type.HTTP)
                                .scheme("bearer")
                                .description("The operator token set in WALLET_ADMIN_TOKEN."));
        return new OpenAPI()
                .info(new Info()
                        .title("Wallet Card Campaign Service")
                        .version("v1")
                        .description("Issue personal wallet cards, invite their holders, keep installed cards"
                                + " current and push lock-screen messages. Every success is `{success: true, data}`;"
                                + " every failure is `{success: false, error: {code, message, details, requestId}}`"
                                + " with the HTTP status of its code. Unknown request fields are refused; clients"
                                + " ignore unknown response fields, which may be added at any time."))
                .addServersItem(new Server()
                        .url(publicBase.replaceAll("/+$", ""))
                        .description("This installation (WALLET_DOWNLOAD_BASE_URL)"))
                .components(components)
                .addSecurityItem(new SecurityRequirement().addList(API_KEY));
    }

    @Bean
    GlobalOperationCustomizer operationDocumentation() {
        return new OperationDocumentation();
    }

    @Bean
    GlobalOpenApiCustomizer apiConventions() {
        return new ApiConventions();
    }
}
