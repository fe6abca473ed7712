package com.walletcards.campaign.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.access.RequiresScope.CampaignsWrite;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignImage;
import com.walletcards.campaign.CampaignImages;
import com.walletcards.campaign.ImageKind;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.ValidationFailed;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /v1/campaigns/{id}/images/{kind}}: the images of a campaign's cards (contract §12). */
@RestController
@RequestMapping(path = "/v1/campaigns/{campaignId}/images", produces = "application/json")
class CampaignImageController {

    static final int MAX_BYTES = 1024 * 1024;

    private final CampaignImages images;

    CampaignImageController(CampaignImages images) {
        this.images = images;
    }

    record ImageView(String kind, String url, int width, int height, String sha256) {
        static ImageView of(CampaignImage image) {
            return new ImageView(image.kind().name(), image.url(), image.width(), image.height(), image.sha256());
        }
    }

    record ImageList(List<ImageView> images) {}

    record Deleted(String kind, boolean deleted) {}

    @PutMapping(path = "/{kind}", consumes = "image/png")
    @CampaignsWrite
    @Operation(
            operationId = "putCampaignImage",
            summary = "Upload a campaign image",
            description = "Sets the campaign's image of this kind: a PNG of at most 1 MB and 2048×2048 pixels, decoded"
                    + " and checked. It is served publicly at the returned url (wallets fetch images by URL) and"
                    + " reaches installed cards like any campaign change.")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            required = true,
            content = @Content(mediaType = "image/png", schema = @Schema(type = "string", format = "binary")))
    Envelope<ImageView> put(
            OrganizationId org,
            @PathVariable String campaignId,
            @Parameter(description = "icon, logo, strip or hero") @PathVariable String kind,
            HttpServletRequest request)
            throws IOException {
        ImageKind k = kind(kind);
        return Envelope.of(ImageView.of(images.put(org, new CampaignId(campaignId), k, body(request))));
    }

    @GetMapping
    @CampaignsRead
    @Operation(
            operationId = "listCampaignImages",
            summary = "List campaign images",
            description = "The images the campaign uploaded, with their public URLs; kinds without one use built-in"
                    + " neutral images.")
    Envelope<ImageList> list(OrganizationId org, @PathVariable String campaignId) {
        return Envelope.of(new ImageList(images.list(org, new CampaignId(campaignId)).stream()
                .map(ImageView::of)
                .toList()));
    }

    @DeleteMapping("/{kind}")
    @CampaignsWrite
    @Operation(
            operationId = "deleteCampaignImage",
            summary = "Delete a campaign image",
            description = "Removes the campaign's image of this kind; cards fall back to the built-in neutral one.")
    Envelope<Deleted> delete(
            OrganizationId org,
            @PathVariable String campaignId,
            @Parameter(description = "icon, logo, strip or hero") @PathVariable String kind) {
        ImageKind k = kind(kind);
        images.delete(org, new CampaignId(campaignId), k);
        return Envelope.of(new Deleted(k.name(), true));
    }

    private static ImageKind kind(String value) {
        return ImageKind.parse(value)
                .orElseThrow(() -> ValidationFailed.of("kind", "must be one of icon, logo, strip, hero"));
    }

    /** Reads at most one byte past the limit, so an oversized upload is refused without buffering it. */
    private static byte[] body(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > MAX_BYTES) {
            throw tooLarge();
        }
        try (InputStream in = request.getInputStream()) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw tooLarge();
            }
            return Arrays.copyOf(bytes, bytes.length);
        }
    }

    private static ApiException tooLarge() {
        return new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "An image may be at most 1 MB (" + MAX_BYTES + " bytes)");
    }
}
