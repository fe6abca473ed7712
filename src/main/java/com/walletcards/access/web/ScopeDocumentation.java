package com.walletcards.access.web;

import com.walletcards.access.Scope;
import com.walletcards.shared.web.ApiSchemas;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Lists the API key scopes in the API reference from {@link Scope}. */
@Configuration(proxyBeanMethods = false)
class ScopeDocumentation {

    @Bean
    GlobalOpenApiCustomizer apiKeyScopes() {
        return openApi -> ApiSchemas.addValues(
                openApi,
                ApiSchemas.SCOPE,
                "What an API key may do; write does not imply read",
                Scope.all().stream().map(Scope::value).sorted().toList());
    }
}
