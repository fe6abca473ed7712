package com.walletcards.provider.google;

import com.google.api.client.json.GenericJson;
import com.google.api.client.util.Key;
import com.google.api.services.walletobjects.model.AddMessageRequest;
import com.google.api.services.walletobjects.model.EventTicketClass;
import com.google.api.services.walletobjects.model.EventTicketObject;
import com.google.api.services.walletobjects.model.GenericClass;
import com.google.api.services.walletobjects.model.GenericObject;
import com.google.api.services.walletobjects.model.LoyaltyClass;
import com.google.api.services.walletobjects.model.LoyaltyObject;
import com.google.api.services.walletobjects.model.OfferClass;
import com.google.api.services.walletobjects.model.OfferObject;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Google's own published definitions of the Wallet API resources, as the test fake enforces them.
 *
 * <p>Where they come from: Google generates the Java model of every REST API from the API's
 * discovery document, the same document its REST reference is rendered from, and publishes it as
 * {@code com.google.apis:google-api-services-walletobjects} (the revision is in the pom). Each
 * resource is a class there ({@code EventTicketClass}, {@code GenericObject} ...) whose fields
 * annotated {@code @Key} are exactly the JSON fields the resource defines, typed with the nested
 * resources ({@code LocalizedString}, {@code EventVenue}, lists of {@code TextModuleData} ...).
 * This class reads those fields by reflection, recursively, and checks a request body against
 * them: a field the resource does not define, at any nesting level, is refused as Google refuses
 * it ({@code 400 Invalid JSON payload received. Unknown name ...}), and so is a value of the wrong
 * shape (an object where a string is defined, a single value where a list is).
 */
final class GoogleWalletDefinitions {

    /** The REST resource types this service writes, by the name in their path. */
    private static final Map<String, Class<? extends GenericJson>> RESOURCES = Map.of(
            "eventTicketClass", EventTicketClass.class,
            "eventTicketObject", EventTicketObject.class,
            "offerClass", OfferClass.class,
            "offerObject", OfferObject.class,
            "loyaltyClass", LoyaltyClass.class,
            "loyaltyObject", LoyaltyObject.class,
            "genericClass", GenericClass.class,
            "genericObject", GenericObject.class);

    /** JSON name → field type, per model class. */
    private static final Map<Class<?>, Map<String, Type>> FIELDS = new ConcurrentHashMap<>();

    private GoogleWalletDefinitions() {}

    /** Why Google would refuse this body of a resource of {@code type}, or empty when it takes it. */
    static Optional<String> problem(String type, JsonNode body) {
        Class<? extends GenericJson> model = RESOURCES.get(type);
        if (model == null) {
            return Optional.of("No resource type " + type);
        }
        return Optional.ofNullable(check(model, body, "resource"));
    }

    /** Why Google would refuse this body of an {@code addMessage} call. */
    static Optional<String> addMessageProblem(JsonNode body) {
        return Optional.ofNullable(check(AddMessageRequest.class, body, "resource"));
    }

    /** Whether the resource type defines this top-level field (reviewStatus, say). */
    static boolean defines(String type, String field) {
        return fields(RESOURCES.get(type)).containsKey(field);
    }

    /** The JSON names of a model class's fields: the {@code @Key} value, else the Java name. */
    static Map<String, Type> fields(Class<?> model) {
        return FIELDS.computeIfAbsent(model, m -> {
            Map<String, Type> fields = new HashMap<>();
            for (Class<?> c = m; c != null && c != GenericJson.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    Key key = field.getAnnotation(Key.class);
                    if (key != null) {
                        String name = key.value().equals("##default") ? field.getName() : key.value();
                        fields.put(name, field.getGenericType());
                    }
                }
            }
            return Map.copyOf(fields);
        });
    }

    private static @Nullable String check(Type type, JsonNode value, String at) {
        if (value.isNull()) {
            return null; // JSON null is "not set", for every field
        }
        Class<?> raw = raw(type);
        if (Collection.class.isAssignableFrom(raw)) {
            if (!value.isArray()) {
                return invalidValue(at, "a list");
            }
            Type element = ((ParameterizedType) type).getActualTypeArguments()[0];
            for (int i = 0; i < value.size(); i++) {
                String problem = check(element, value.get(i), at + "[" + i + "]");
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        if (GenericJson.class.isAssignableFrom(raw)) {
            if (!value.isObject()) {
                return invalidValue(at, "an object");
            }
            Map<String, Type> fields = fields(raw);
            for (Map.Entry<String, JsonNode> property : value.properties()) {
                Type fieldType = fields.get(property.getKey());
                if (fieldType == null) {
                    return "Invalid JSON payload received. Unknown name \"" + property.getKey() + "\" at '" + at
                            + "': Cannot find field.";
                }
                String problem = check(fieldType, property.getValue(), at + "." + property.getKey());
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        if (raw == String.class) {
            return value.isString() ? null : invalidValue(at, "a string");
        }
        if (raw == Boolean.class) {
            return value.isBoolean() ? null : invalidValue(at, "a boolean");
        }
        if (Number.class.isAssignableFrom(raw)) {
            // 64-bit integers travel as strings in Google's JSON; both forms are accepted.
            return value.isNumber() || (value.isString() && value.asString().matches("-?[0-9.]+"))
                    ? null
                    : invalidValue(at, "a number");
        }
        return null; // a free-form value (Object, Map): Google takes any JSON there
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    private static String invalidValue(String at, String expected) {
        return "Invalid JSON payload received. Invalid value at '" + at + "': expected " + expected + ".";
    }
}
