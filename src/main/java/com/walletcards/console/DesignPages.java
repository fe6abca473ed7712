package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignImage;
import com.walletcards.campaign.CampaignImages;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.ImageKind;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.NotFound;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The card design page: the design form, the previews of every wallet beside it, and the images.
 * Saving the design goes to the campaign's change endpoint; uploads and removals of images are
 * the same operations as the API's, and reach installed cards the same way.
 */
@Controller
class DesignPages {

    private final CampaignManagement campaigns;
    private final CampaignImages images;
    private final CardPreviews previews;

    DesignPages(CampaignManagement campaigns, CampaignImages images, CardPreviews previews) {
        this.campaigns = campaigns;
        this.images = images;
        this.previews = previews;
    }

    @GetMapping("/console/campaigns/{id}/design")
    String design(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam Map<String, String> form,
            HttpServletRequest request,
            Model model) {
        Campaign campaign = campaign(user, id);
        Map<String, String> values = CardPreviews.design(campaign, form);
        Map<ImageKind, CampaignImage> uploaded = new EnumMap<>(ImageKind.class);
        images.list(user.organization(), campaign.id()).forEach(i -> uploaded.put(i.kind(), i));
        model.addAttribute("user", user.view());
        model.addAttribute("campaignId", campaign.id().value());
        model.addAttribute("campaignName", campaign.name());
        model.addAttribute("canWrite", user.role().writesCampaigns());
        model.addAttribute("values", values);
        model.addAttribute("kinds", ImageKind.values());
        model.addAttribute("uploaded", uploaded);
        model.addAttribute(
                "paths",
                uploaded.values().stream()
                        .collect(Collectors.toMap(i -> i.kind(), i -> CampaignImage.path(i.sha256()))));
        model.addAttribute("p", previews.render(user.organization(), campaign, values));
        model.addAttribute("previewsUrl", "/console/campaigns/" + campaign.id().value() + "/previews");
        model.addAttribute("cspNonce", request.getAttribute(ConsoleSecurity.NONCE_ATTRIBUTE));
        return "console/design";
    }

    /** The previews alone, for the page's script: the form's fields, named by their API path. */
    @GetMapping("/console/campaigns/{id}/previews")
    String previews(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam Map<String, String> form,
            Model model) {
        Campaign campaign = campaign(user, id);
        model.addAttribute("p", previews.render(user.organization(), campaign, CardPreviews.design(campaign, form)));
        return "console/previews :: previews";
    }

    /**
     * A multipart upload of one image. The service reads multipart bodies nowhere else, so it has
     * no multipart resolver (application.yml); {@link Uploads} reads this one body, within the
     * API's limit.
     */
    @PostMapping("/console/campaigns/{id}/images/{kind}")
    String upload(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String kind,
            HttpServletRequest request,
            RedirectAttributes redirect)
            throws IOException {
        Campaign campaign = writable(user, id);
        ImageKind k = ImageKind.parse(kind).orElseThrow(() -> new NotFound("Image kind"));
        try {
            images.put(user.organization(), campaign.id(), k, Uploads.file(request, "image"));
            redirect.addFlashAttribute("done", Map.of(k.name(), "uploaded"));
        } catch (ApiException e) {
            redirect.addFlashAttribute("errors", Map.of(k.name(), message(e)));
        }
        return "redirect:/console/campaigns/" + campaign.id().value() + "/design#image-" + k.name();
    }

    @PostMapping("/console/campaigns/{id}/images/{kind}/delete")
    String delete(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String kind,
            RedirectAttributes redirect) {
        Campaign campaign = writable(user, id);
        ImageKind k = ImageKind.parse(kind).orElseThrow(() -> new NotFound("Image kind"));
        images.delete(user.organization(), campaign.id(), k);
        redirect.addFlashAttribute("done", Map.of(k.name(), "deleted"));
        return "redirect:/console/campaigns/" + campaign.id().value() + "/design#image-" + k.name();
    }

    @GetMapping("/console/assets/previews.js")
    ResponseEntity<Resource> script() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "javascript"))
                .cacheControl(CacheControl.noCache())
                .body(new ClassPathResource("console/previews.js"));
    }

    private Campaign campaign(SignedIn user, String id) {
        return campaigns.find(user.organization(), new CampaignId(id)).orElseThrow(() -> new NotFound("Campaign"));
    }

    /** Another organization's campaign is not found (404) before a viewer is refused (403). */
    private Campaign writable(SignedIn user, String id) {
        Campaign campaign = campaign(user, id);
        if (!user.role().writesCampaigns()) {
            throw new ConsoleWrites.ReadOnlyRole();
        }
        return campaign;
    }

    /** The API's words for what is wrong with the upload: the field errors' messages, else the error's. */
    private static String message(ApiException e) {
        if (e.details().isEmpty()) {
            return e.getMessage();
        }
        Map<String, String> seen = new HashMap<>();
        e.details().forEach(d -> seen.putIfAbsent(d.message(), d.message()));
        return String.join("; ", seen.keySet());
    }
}
