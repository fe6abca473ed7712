package com.walletcards.access.web;

import com.walletcards.access.OrganizationChanges;
import com.walletcards.access.OrganizationContact;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.PatchDocument;
import com.walletcards.shared.Validation;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Reads an organization PATCH: name, contact (null removes it) and defaultLocale. */
final class OrganizationPatch {

    private static final Set<String> FIELDS = Set.of("name", "contact", "defaultLocale");
    private static final Set<String> CONTACT_FIELDS = Set.of("email", "phone", "url");

    private OrganizationPatch() {}

    @Schema(name = "OrganizationContact", description = "How holders reach the organizer.")
    record ContactDocument(
            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    maxLength = 254,
                    format = "email",
                    example = "tickets@example.com",
                    description = "The Reply-To of invite emails; shown on the card pages as a mailto link")
            String email,

            @Schema(
                    pattern = "^\\+[1-9][0-9]{7,14}$",
                    types = {"string", "null"},
                    description = "E.164",
                    example = "+4930123456")
            @Nullable
            String phone,

            @Schema(
                    maxLength = 2000,
                    format = "uri",
                    types = {"string", "null"},
                    description = "An absolute http or https address",
                    example = "https://example.com/help")
            @Nullable
            String url) {

        static @Nullable ContactDocument of(@Nullable OrganizationContact contact) {
            return contact == null ? null : new ContactDocument(contact.email(), contact.phone(), contact.url());
        }
    }

    @Schema(
            name = "UpdateOrganizationRequest",
            description = "Only the fields present change; contact null removes the contact.")
    record UpdateOrganizationRequest(
            @Schema(minLength = 1, maxLength = 200, pattern = "\\S", example = "Acme Events") @Nullable
            String name,

            @Schema(
                    implementation = ContactDocument.class,
                    types = {"object", "null"})
            @Nullable
            ContactDocument contact,

            @Schema(
                    allowableValues = {"en", "de"},
                    description = "The language of invite emails and card pages for recipients without a"
                            + " locale of their own")
            @Nullable
            String defaultLocale) {}

    static OrganizationChanges read(@Nullable Map<String, @Nullable Object> body) {
        PatchDocument doc = PatchDocument.of(body, FIELDS);
        Validation v = new Validation();
        String name = null;
        if (doc.has("name")) {
            name = v.requiredText("name", doc.string("name"), 200);
        }
        OrganizationContact contact = contact(doc.object("contact"), v);
        Locale locale = null;
        if (doc.has("defaultLocale")) {
            String raw = doc.string("defaultLocale");
            if (raw == null) {
                v.reject("defaultLocale", "cannot be null");
            }
            locale = v.language("defaultLocale", raw);
        }
        v.throwIfInvalid();
        return new OrganizationChanges(name, doc.has("contact"), contact, locale);
    }

    private static @Nullable OrganizationContact contact(@Nullable Map<String, @Nullable Object> raw, Validation v) {
        if (raw == null) {
            return null;
        }
        raw.keySet().stream()
                .filter(k -> !CONTACT_FIELDS.contains(k))
                .sorted()
                .forEach(k -> v.reject("contact." + k, "is not a known field"));
        String email = v.email("contact.email", text(raw, "email"), true);
        String phone = v.phone("contact.phone", text(raw, "phone"));
        String url = v.webAddress("contact.url", text(raw, "url"));
        return email == null ? null : new OrganizationContact(email, phone, url);
    }

    private static @Nullable String text(Map<String, @Nullable Object> object, String key) {
        Object value = object.get(key);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw new ApiException(
                ErrorCode.INVALID_JSON,
                "Field contact." + key + " has the wrong JSON type",
                List.of(new FieldError("contact." + key, "must be a string")));
    }
}
