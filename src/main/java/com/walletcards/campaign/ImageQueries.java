package com.walletcards.campaign;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** SQL of campaign images; every read of the API takes the organization. */
@Repository
class ImageQueries {

    record Stored(ImageKind kind, String sha256, int width, int height) {}

    private final JdbcClient jdbc;

    ImageQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<Stored> list(OrganizationId org, CampaignId campaign) {
        return jdbc.sql("""
            SELECT kind, sha256, width, height FROM campaign_images
            WHERE organization_id = :org AND campaign_id = :campaign ORDER BY kind""")
                .param("org", org.value())
                .param("campaign", campaign.value())
                .query((rs, n) -> new Stored(
                        ImageKind.valueOf(rs.getString("kind")),
                        rs.getString("sha256"),
                        rs.getInt("width"),
                        rs.getInt("height")))
                .list();
    }

    /** Replaces the campaign's image of this kind. The caller holds the campaign's row lock. */
    void replace(OrganizationId org, CampaignId campaign, ImageKind kind, PngImage png, Instant now) {
        delete(org, campaign, kind);
        jdbc.sql("""
            INSERT INTO campaign_images (organization_id, campaign_id, kind, sha256, width, height, content, created_at)
            VALUES (:org, :campaign, :kind, :sha256, :width, :height, :content, :createdAt)""")
                .param("org", org.value())
                .param("campaign", campaign.value())
                .param("kind", kind.name())
                .param("sha256", png.sha256())
                .param("width", png.width())
                .param("height", png.height())
                .param("content", png.bytes())
                .param("createdAt", Times.db(now))
                .update();
    }

    boolean delete(OrganizationId org, CampaignId campaign, ImageKind kind) {
        return jdbc.sql(
                                "DELETE FROM campaign_images WHERE organization_id = :org AND campaign_id = :campaign AND kind = :kind")
                        .param("org", org.value())
                        .param("campaign", campaign.value())
                        .param("kind", kind.name())
                        .update()
                > 0;
    }

    /** The bytes behind a public image URL, while some live campaign still uses them. */
    Optional<byte[]> content(String sha256) {
        return jdbc.sql("""
            SELECT i.content FROM campaign_images i JOIN campaigns c ON c.id = i.campaign_id
            WHERE i.sha256 = :sha256 AND c.deleted_at IS NULL FETCH FIRST 1 ROWS ONLY""")
                .param("sha256", sha256)
                .query((rs, n) -> rs.getBytes(1))
                .optional();
    }
}
