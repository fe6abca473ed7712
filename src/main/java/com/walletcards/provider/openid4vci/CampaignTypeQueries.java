package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** The campaigns' own credential types: what a wallet shows for them ({@link CampaignTypes}). */
final class CampaignTypeQueries {

    private final NamedParameterJdbcTemplate jdbc;

    CampaignTypeQueries(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void saveCampaignType(String typeKey, CampaignTypes.Display d, Instant now) {
        var params = new MapSqlParameterSource("key", typeKey)
                .addValue("config", d.configurationId())
                .addValue("name", d.name().length() > 500 ? d.name().substring(0, 500) : d.name())
                .addValue("description", d.description())
                .addValue("background", d.backgroundColor())
                .addValue("text", d.textColor())
                .addValue("logo", d.logoUri() != null && d.logoUri().length() <= 2000 ? d.logoUri() : null)
                .addValue("alt", d.logoAltText() != null && d.logoAltText().length() <= 100 ? d.logoAltText() : null)
                .addValue("organization", organization(d.organizationName()))
                .addValue("now", Times.db(now));
        String update = """
                UPDATE openid4vci_campaign_types SET configuration_id = :config, name = :name,
                  description = :description, background_color = :background, text_color = :text,
                  logo_uri = :logo, logo_alt_text = :alt, organization_name = :organization, updated_at = :now
                  WHERE type_key = :key""";
        if (jdbc.update(update, params) == 1) {
            return;
        }
        try {
            jdbc.update("""
                    INSERT INTO openid4vci_campaign_types (type_key, configuration_id, name, description,
                      background_color, text_color, logo_uri, logo_alt_text, organization_name, updated_at)
                    VALUES (:key, :config, :name, :description, :background, :text, :logo, :alt, :organization, :now)""", params);
        } catch (DuplicateKeyException e) {
            jdbc.update(update, params);
        }
    }

    /** Every campaign type, by type key, oldest first: the campaigns' configurations. */
    Map<String, CampaignTypes.Display> all() {
        Map<String, CampaignTypes.Display> all = new LinkedHashMap<>();
        jdbc.query("""
                SELECT type_key, configuration_id, name, description, background_color, text_color, logo_uri,
                  logo_alt_text, organization_name FROM openid4vci_campaign_types ORDER BY updated_at, type_key""", rs -> {
            all.put(
                    rs.getString(1),
                    new CampaignTypes.Display(
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getString(9)));
        });
        return all;
    }

    private static @Nullable String organization(@Nullable String name) {
        return name == null || name.length() <= 200 ? name : name.substring(0, 200);
    }

    Optional<CampaignTypes.Display> campaignType(String typeKey) {
        return jdbc
                .query(
                        """
                        SELECT configuration_id, name, description, background_color, text_color, logo_uri,
                          logo_alt_text, organization_name FROM openid4vci_campaign_types WHERE type_key = :key""",
                        new MapSqlParameterSource("key", typeKey),
                        (rs, i) -> new CampaignTypes.Display(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6),
                                rs.getString(7),
                                rs.getString(8)))
                .stream()
                .findFirst();
    }
}
