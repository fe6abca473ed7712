package com.walletcards.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One read of {@code /actuator/prometheus}: the value of a series by name and label pairs. */
public record Scrape(String text) {

    public static Scrape of(Api api) {
        Api.Response r = request(api, Map.of());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return new Scrape(r.body());
    }

    /** The endpoint's answer as Prometheus gets it, with these extra headers. */
    public static Api.Response request(Api api, Map<String, String> headers) {
        Map<String, String> all = new HashMap<>(headers);
        all.put("Accept", "text/plain");
        return api.withKey(null).rawWithHeaders("GET", "/actuator/prometheus", null, "text/plain", all);
    }

    /** The series' value, or 0 when it is absent; {@code labels} such as {@code provider="alpha"}. */
    public double value(String name, String... labels) {
        List<String> wanted = Arrays.asList(labels);
        return text.lines()
                .filter(line -> !line.startsWith("#"))
                .filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .filter(line -> wanted.stream().allMatch(line::contains))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }

    public boolean has(String name) {
        return text.lines().anyMatch(line -> line.startsWith(name + "{") || line.startsWith(name + " "));
    }
}
