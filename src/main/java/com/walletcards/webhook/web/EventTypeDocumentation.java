package com.walletcards.webhook.web;

import com.walletcards.shared.web.ApiSchemas;
import com.walletcards.webhook.EventTypes;
import java.util.ArrayList;
import java.util.List;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Lists the subscribable event types in the API reference from {@link EventTypes}, so a new type appears by itself. */
@Configuration(proxyBeanMethods = false)
class EventTypeDocumentation {

    @Bean
    GlobalOpenApiCustomizer subscribableEventTypes() {
        List<String> subscribable = new ArrayList<>(EventTypes.KNOWN);
        subscribable.add(EventTypes.ALL);
        return openApi -> ApiSchemas.addValues(
                openApi,
                ApiSchemas.EVENT_TYPE,
                "An event type a webhook can subscribe to; * means every type",
                subscribable);
    }
}
