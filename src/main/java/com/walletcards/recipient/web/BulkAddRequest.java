package com.walletcards.recipient.web;

import com.walletcards.recipient.BulkAdd;
import com.walletcards.recipient.NewRecipient;
import com.walletcards.recipient.RecipientRegistration;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.Validation;
import com.walletcards.shared.ValidationFailed;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The body of a bulk add. Items are read as plain objects so that one malformed item (a number
 * where a string belongs, an unknown field) is refused on its own, not with the whole request.
 */
@Schema(name = "BulkAddRequest")
record BulkAddRequest(
        @ArraySchema(
                schema = @Schema(implementation = AddRecipientRequest.class),
                minItems = 1,
                maxItems = RecipientRegistration.MAX_BULK,
                arraySchema =
                        @Schema(
                                requiredMode = Schema.RequiredMode.REQUIRED,
                                description = "Each item is checked on its own: invalid ones are refused by"
                                        + " index, the others are added"))
        @Nullable
        List<@Nullable Object> recipients,

        @Schema(description = "Invite every added recipient by email as soon as its card exists", defaultValue = "true")
        @Nullable
        Boolean sendEmail) {

    List<BulkAdd.Item> items() {
        if (recipients == null) {
            throw ValidationFailed.of("recipients", "is required");
        }
        if (recipients.isEmpty()) {
            throw ValidationFailed.of("recipients", "must contain at least one recipient");
        }
        if (recipients.size() > RecipientRegistration.MAX_BULK) {
            throw ValidationFailed.of(
                    "recipients", "must contain at most " + RecipientRegistration.MAX_BULK + " recipients");
        }
        List<BulkAdd.Item> items = new ArrayList<>(recipients.size());
        for (int i = 0; i < recipients.size(); i++) {
            items.add(item(i, recipients.get(i)));
        }
        return items;
    }

    boolean emails() {
        return sendEmail == null || sendEmail;
    }

    @SuppressWarnings("unchecked")
    private static BulkAdd.Item item(int index, @Nullable Object raw) {
        String prefix = "recipients[" + index + "].";
        if (!(raw instanceof Map<?, ?> map)) {
            return failed(index, null, List.of(new FieldError("recipients[" + index + "]", "must be an object")));
        }
        Map<String, Object> fields = (Map<String, Object>) map;
        Validation v = new Validation();
        fields.keySet().stream()
                .filter(k -> !RecipientInput.FIELDS.contains(k))
                .sorted()
                .forEach(k -> v.reject(prefix + k, "is not a known field"));
        String email = string(fields, "email", prefix, v);
        NewRecipient recipient = RecipientInput.validate(
                prefix,
                email,
                string(fields, "name", prefix, v),
                string(fields, "phone", prefix, v),
                string(fields, "externalId", prefix, v),
                object(fields, "recipientData", prefix, v),
                strings(fields, "providerTypes", prefix, v),
                string(fields, "locale", prefix, v),
                v);
        if (v.hasErrors() || recipient == null) {
            try {
                v.throwIfInvalid();
            } catch (ValidationFailed e) {
                return failed(index, email, e.details());
            }
        }
        return BulkAdd.Item.valid(index, recipient);
    }

    private static BulkAdd.Item failed(int index, @Nullable String email, List<FieldError> details) {
        String message = details.isEmpty()
                ? "invalid recipient"
                : details.get(0).field() + ": " + details.get(0).message();
        return BulkAdd.Item.invalid(
                index, email, new BulkAdd.Failure(ErrorCode.VALIDATION_FAILED.name(), message, details));
    }

    private static @Nullable String string(Map<String, Object> fields, String key, String prefix, Validation v) {
        Object value = fields.get(key);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        v.reject(prefix + key, "must be a string");
        return null;
    }

    @SuppressWarnings("unchecked")
    private static @Nullable Map<String, Object> object(
            Map<String, Object> fields, String key, String prefix, Validation v) {
        Object value = fields.get(key);
        if (value == null || value instanceof Map) {
            return (Map<String, Object>) value;
        }
        v.reject(prefix + key, "must be an object");
        return null;
    }

    private static @Nullable List<String> strings(Map<String, Object> fields, String key, String prefix, Validation v) {
        Object value = fields.get(key);
        if (value == null) {
            return null;
        }
        if (value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return list.stream().map(String.class::cast).toList();
        }
        v.reject(prefix + key, "must be an array of strings");
        return null;
    }
}
