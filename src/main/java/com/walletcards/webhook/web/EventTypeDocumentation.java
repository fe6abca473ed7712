package com.walletcards.webhook.web;

import com.walletcards.webhook.EventTypes;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        return openApi -> {
            Map<String, Schema> schemas = openApi.getComponents().getSchemas();
            for (String request : List.of("CreateWebhookRequest", "PatchWebhookRequest")) {
                @SuppressWarnings("unchecked")
                Schema<String> item = (Schema<String>)
                        ((Schema<?>) schemas.get(request).getProperties().get("events")).getItems();
                item.setEnum(new ArrayList<>(subscribable));
            }
        };
    }
}
