package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.shared.Json;
import com.walletcards.shared.ProviderTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A change of a campaign as a form posts it, read into the API's PATCH body.
 *
 * <p>The naming, which every page that posts to {@code /console/campaigns/{id}/changes} follows
 * (docs/console.md, "The change summary"):
 *
 * <ul>
 *   <li>A field is named by its dotted path in the PATCH body: {@code name}, {@code endDate},
 *       {@code campaignData.start_time}, {@code campaignData.design.backgroundColor},
 *       {@code campaignData.venue.name}. Each dot below {@code campaignData} is one object deeper.
 *   <li>An empty value clears the field (JSON {@code null}); a field not sent is not changed.
 *       {@code campaignData.venue.latitude} and {@code .longitude} are numbers.
 *   <li>{@code metadata.<key>} sets one metadata key; the key is everything after the first dot.
 *   <li>{@code providerTypes}, repeated, with {@code _providerTypes} to say the list is sent even
 *       when no box is ticked; all three providers are stored as {@code all}.
 *   <li>{@code metadataKey} and {@code metadataValue}, repeated in pairs, with {@code _metadata}:
 *       the whole metadata, so a key left out is removed (the edit form's rows).
 * </ul>
 *
 * Anything else ({@code _csrf}, {@code version}, buttons) is not part of the change.
 */
final class CampaignChangeForm {

    static final List<String> PROVIDERS = ProviderTypes.PROVIDERS;
    private static final Set<String> NUMBERS = Set.of("campaignData.venue.latitude", "campaignData.venue.longitude");

    private CampaignChangeForm() {}

    /** The posted form as a PATCH-shaped map (values as the form gave them, before any check). */
    static Map<String, @Nullable Object> patch(Map<String, String[]> params, Map<String, Object> currentMetadata) {
        Map<String, @Nullable Object> patch = new LinkedHashMap<>();
        for (Map.Entry<String, String[]> param : new TreeMap<>(params).entrySet()) {
            String path = param.getKey();
            String value = param.getValue().length == 0 ? "" : param.getValue()[0];
            String top = path.contains(".") ? path.substring(0, path.indexOf('.')) : path;
            if (!CampaignInput.TOP_LEVEL.contains(top) || path.equals("providerTypes")) {
                continue;
            }
            if (top.equals("metadata")) {
                if (path.length() > "metadata.".length()) {
                    object(patch, "metadata").put(path.substring("metadata.".length()), blankToNull(value));
                }
            } else if (top.equals("campaignData") && path.contains(".")) {
                put(patch, path, typed(path, value));
            } else if (!path.contains(".") && !path.equals("campaignData") && !path.equals("metadata")) {
                patch.put(path, blankToNull(value));
            }
        }
        if (params.containsKey("_providerTypes") || params.containsKey("providerTypes")) {
            List<String> ticked = List.of(params.getOrDefault("providerTypes", new String[0]));
            patch.put("providerTypes", ticked.containsAll(PROVIDERS) ? List.of(ProviderTypes.ALL) : ticked);
        }
        if (params.containsKey("_metadata")) {
            Map<String, @Nullable Object> rows = rows(params);
            currentMetadata.keySet().forEach(key -> rows.putIfAbsent(key, null));
            patch.put("metadata", rows);
        }
        return patch;
    }

    /** The campaign as the API shows its changeable fields: the PATCH body's shape, complete. */
    static Map<String, Object> current(Campaign campaign) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("name", campaign.name());
        view.put("campaignType", campaign.type().name());
        putIfSet(view, "startDate", campaign.startDate());
        putIfSet(view, "endDate", campaign.endDate());
        view.put("timezone", campaign.timezone().getId());
        view.put("providerTypes", campaign.providerTypes());
        Map<String, Object> data = new LinkedHashMap<>(campaign.campaignData());
        // The time zone is one setting shown once: the API keeps it in campaignData as well.
        data.remove("timezone");
        view.put("campaignData", data);
        view.put("metadata", campaign.metadata());
        return view;
    }

    /**
     * The patch without what changes nothing: clearing what is not there, and a venue or design
     * whose every field is cleared becomes the removal of the whole object (an empty venue would
     * have no name, which the API refuses).
     */
    @SuppressWarnings("unchecked")
    static Map<String, @Nullable Object> pruned(Map<String, @Nullable Object> patch, Map<String, Object> current) {
        Map<String, @Nullable Object> result = prune(patch, current);
        if (result.get("campaignData") instanceof Map<?, ?> data) {
            Map<String, Object> oldData = (Map<String, Object>) current.get("campaignData");
            Map<String, @Nullable Object> newData = (Map<String, @Nullable Object>) data;
            for (String object : List.of("venue", "design")) {
                if (newData.get(object) instanceof Map<?, ?> part) {
                    Object before = oldData.get(object);
                    Map<String, Object> after = Json.mergePatch(
                            before instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of(),
                            (Map<String, @Nullable Object>) part);
                    if (after.isEmpty()) {
                        newData.put(object, null);
                    }
                }
            }
            if (newData.isEmpty()) {
                result.remove("campaignData");
            }
        }
        return result;
    }

    @SuppressWarnings("unchecked")
    static Map<String, @Nullable Object> prune(Map<String, @Nullable Object> patch, Map<String, Object> old) {
        Map<String, @Nullable Object> kept = new LinkedHashMap<>();
        patch.forEach((key, value) -> {
            if (value == null) {
                if (old.containsKey(key)) {
                    kept.put(key, null);
                }
            } else if (value instanceof Map<?, ?>) {
                Object before = old.get(key);
                Map<String, @Nullable Object> inner = prune(
                        (Map<String, @Nullable Object>) value,
                        before instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of());
                if (!inner.isEmpty()) {
                    kept.put(key, inner);
                }
            } else if (!old.containsKey(key) || !text(old.get(key)).equals(text(value))) {
                // Compared as text: a form gives "5" for the metadata value 5 the API once stored.
                kept.put(key, value);
            }
        });
        return kept;
    }

    /** The campaign's fields as they would be after the patch (a JSON merge patch, as the API does). */
    static Map<String, Object> merged(Map<String, Object> current, Map<String, @Nullable Object> patch) {
        return Json.mergePatch(current, patch);
    }

    /** One changed leaf field: its dotted path, the value before and after (null: not set). */
    record Difference(
            String path, @Nullable String before, @Nullable String after) {}

    /** What differs between two views, leaf by leaf, in the form's order of fields. */
    static List<Difference> differences(Map<String, Object> before, Map<String, Object> after) {
        Map<String, String> a = new LinkedHashMap<>();
        Map<String, String> b = new LinkedHashMap<>();
        flatten("", before, a);
        flatten("", after, b);
        List<Difference> found = new ArrayList<>();
        a.forEach((path, value) -> {
            if (!Objects.equals(value, b.get(path))) {
                found.add(new Difference(path, value, b.get(path)));
            }
        });
        b.forEach((path, value) -> {
            if (!a.containsKey(path)) {
                found.add(new Difference(path, null, value));
            }
        });
        return found;
    }

    /** The patch as hidden form fields again, so that the summary's confirmation posts the same change. */
    static List<Map.Entry<String, String>> hiddenFields(Map<String, @Nullable Object> patch) {
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        patch.forEach((key, value) -> {
            if (key.equals("providerTypes") && value instanceof List<?> list) {
                fields.add(Map.entry("_providerTypes", "on"));
                list.forEach(p -> fields.add(Map.entry("providerTypes", String.valueOf(p))));
            } else if (key.equals("metadata") && value instanceof Map<?, ?> map) {
                map.forEach((k, v) -> fields.add(Map.entry("metadata." + k, v == null ? "" : String.valueOf(v))));
            } else {
                leaves(key, value, fields);
            }
        });
        return fields;
    }

    private static void leaves(String path, @Nullable Object value, List<Map.Entry<String, String>> out) {
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> leaves(path + "." + k, v, out));
        } else {
            out.add(Map.entry(path, value == null ? "" : String.valueOf(value)));
        }
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, String> out) {
        map.forEach((key, value) -> {
            String path = prefix.isEmpty() ? String.valueOf(key) : prefix + "." + key;
            if (path.equals("metadata") && value instanceof Map<?, ?> metadata) {
                // Metadata keys are the organization's own and may hold dots: one level only.
                metadata.forEach((k, v) -> out.put("metadata." + k, text(v)));
            } else if (value instanceof Map<?, ?> nested) {
                flatten(path, nested, out);
            } else if (value != null) {
                out.put(path, text(value));
            }
        });
    }

    private static String text(@Nullable Object value) {
        if (value instanceof List<?> list) {
            return String.join(", ", list.stream().map(String::valueOf).toList());
        }
        return value instanceof Map<?, ?> || value instanceof List<?> ? Json.write(value) : String.valueOf(value);
    }

    private static Map<String, @Nullable Object> rows(Map<String, String[]> params) {
        String[] keys = params.getOrDefault("metadataKey", new String[0]);
        String[] values = params.getOrDefault("metadataValue", new String[0]);
        Map<String, @Nullable Object> rows = new LinkedHashMap<>();
        for (int i = 0; i < keys.length; i++) {
            String key = keys[i].strip();
            if (!key.isEmpty()) {
                rows.put(key, i < values.length ? values[i] : "");
            }
        }
        return rows;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, @Nullable Object> object(Map<String, @Nullable Object> parent, String key) {
        Object existing = parent.get(key);
        if (existing instanceof Map<?, ?> map) {
            return (Map<String, @Nullable Object>) map;
        }
        Map<String, @Nullable Object> created = new LinkedHashMap<>();
        parent.put(key, created);
        return created;
    }

    private static void put(Map<String, @Nullable Object> root, String path, @Nullable Object value) {
        String[] parts = path.split("\\.");
        Map<String, @Nullable Object> at = root;
        for (int i = 0; i < parts.length - 1; i++) {
            at = object(at, parts[i]);
        }
        at.put(parts[parts.length - 1], value);
    }

    private static @Nullable Object typed(String path, String value) {
        String text = blankToNull(value);
        if (text != null && NUMBERS.contains(path)) {
            try {
                return Double.valueOf(text.strip());
            } catch (NumberFormatException e) {
                return text; // the API's check names the field: "must be a number"
            }
        }
        return text;
    }

    private static @Nullable String blankToNull(String value) {
        return value.isBlank() ? null : value;
    }

    private static void putIfSet(Map<String, Object> view, String key, @Nullable Object value) {
        if (value != null) {
            view.put(key, value.toString());
        }
    }
}
