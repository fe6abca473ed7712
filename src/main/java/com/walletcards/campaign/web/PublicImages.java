package com.walletcards.campaign.web;

import com.walletcards.campaign.CampaignImages;
import com.walletcards.shared.NotFound;
import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Card images at {@code {download_base}/images/<sha256>.png}, without credentials: wallets fetch
 * images by URL. The address names the content, so the answer never changes and may be cached for ever.
 */
@RestController
class PublicImages {

    private final CampaignImages images;

    PublicImages(CampaignImages images) {
        this.images = images;
    }

    @GetMapping("/images/{sha256:[0-9a-f]{64}}.png")
    ResponseEntity<byte[]> image(@PathVariable String sha256) {
        byte[] png = images.content(sha256).orElseThrow(() -> new NotFound("Image"));
        return ResponseEntity.ok()
                .contentType(MediaType.IMAGE_PNG)
                .cacheControl(
                        CacheControl.maxAge(Duration.ofDays(365)).cachePublic().immutable())
                .eTag("\"" + sha256 + "\"")
                .header("X-Content-Type-Options", "nosniff")
                .body(png);
    }
}
