package com.walletcards.shared;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** The wallet providers a campaign or recipient targets: {@code all}, {@code alpha}, {@code beta}, {@code eudiw}. */
public final class ProviderTypes {

    public static final String ALL = "all";
    public static final List<String> PROVIDERS =
            Arrays.stream(ProviderName.values()).map(Enum::name).toList();
    private static final List<String> ALLOWED_IN_ORDER =
            Stream.concat(Stream.of(ALL), PROVIDERS.stream()).toList();
    private static final Set<String> ALLOWED = Set.copyOf(ALLOWED_IN_ORDER);

    private ProviderTypes() {}

    /** Validates a requested list; duplicates are dropped, order kept. */
    public static @Nullable List<String> validate(String field, @Nullable List<String> requested, Validation v) {
        if (requested == null) {
            return null;
        }
        if (requested.isEmpty()) {
            v.reject(field, "must name at least one provider");
            return null;
        }
        Set<String> kept = new LinkedHashSet<>();
        for (int i = 0; i < requested.size(); i++) {
            String value = requested.get(i);
            if (value == null || !ALLOWED.contains(value)) {
                v.reject(field + "[" + i + "]", "must be one of " + String.join(", ", ALLOWED_IN_ORDER));
            } else {
                kept.add(value);
            }
        }
        return new ArrayList<>(kept);
    }

    /** The concrete providers a list stands for: {@code all} means every provider. */
    public static List<String> expand(List<String> providerTypes) {
        if (providerTypes.contains(ALL)) {
            return PROVIDERS;
        }
        return PROVIDERS.stream().filter(providerTypes::contains).toList();
    }
}
