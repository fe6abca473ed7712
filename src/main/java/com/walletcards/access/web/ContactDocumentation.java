package com.walletcards.access.web;

import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * An organization's {@code contact} is an OrganizationContact or null. A {@code $ref} beside
 * {@code type: [object, null]} would still refuse null (the referenced schema applies too), so the
 * reference documents it as "one of the contact or null".
 */
@Configuration(proxyBeanMethods = false)
class ContactDocumentation {

    private static final String CONTACT = "#/components/schemas/OrganizationContact";

    @Bean
    GlobalOpenApiCustomizer nullableContact() {
        return openApi -> {
            if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
                return;
            }
            Map<String, Schema> schemas = openApi.getComponents().getSchemas();
            for (String name : Set.of("Organization", "UpdateOrganizationRequest")) {
                Schema<?> schema = schemas.get(name);
                if (schema != null
                        && schema.getProperties() != null
                        && schema.getProperties().containsKey("contact")) {
                    schema.getProperties().put("contact", contactOrNull());
                }
            }
        };
    }

    private static Schema<?> contactOrNull() {
        Schema<?> contact = new JsonSchema().$ref(CONTACT);
        Schema<?> none = new JsonSchema().types(Set.of("null"));
        return new JsonSchema().anyOf(List.of(contact, none)).description("How holders reach the organizer, or null");
    }
}
