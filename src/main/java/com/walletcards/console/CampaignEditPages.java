package com.walletcards.console;

import com.walletcards.campaign.BarcodeType;
import com.walletcards.campaign.BarcodeValueStrategy;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.campaign.CampaignType;
import com.walletcards.console.view.CampaignFormView;
import com.walletcards.console.view.CampaignFormView.MetadataRow;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.Json;
import com.walletcards.shared.NotFound;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

/**
 * Creating a campaign and editing one in the console, through the same operations the API uses,
 * so its errors are the API's and are shown next to the field they name. An edit posts to the
 * change flow ({@link CampaignChangePages}), which says what a change does to installed cards.
 */
@Controller
class CampaignEditPages {

    /** The fields the form shows, by their path in the API's body. */
    static final List<String> FORM_FIELDS = List.of(
            "name",
            "campaignType",
            "startDate",
            "endDate",
            "timezone",
            "campaignData.doors_open_time",
            "campaignData.start_time",
            "campaignData.end_time",
            "campaignData.location",
            "campaignData.venue.name",
            "campaignData.venue.address",
            "campaignData.venue.latitude",
            "campaignData.venue.longitude",
            "campaignData.barcodeType",
            "campaignData.barcodeValueStrategy",
            "campaignData.design.backgroundColor",
            "campaignData.design.foregroundColor",
            "campaignData.design.labelColor",
            "campaignData.design.logoText",
            "campaignData.design.description");

    private static final int EMPTY_ROWS = 3;

    private final CampaignManagement campaigns;
    private final AuditLog audit;
    private final CardPreviews previews;

    CampaignEditPages(CampaignManagement campaigns, AuditLog audit, CardPreviews previews) {
        this.campaigns = campaigns;
        this.audit = audit;
        this.previews = previews;
    }

    @GetMapping("/console/campaigns/new")
    String newCampaign(@AuthenticationPrincipal SignedIn user, Model model) {
        ConsoleWrites.require(user);
        return page(user, model, blank());
    }

    private static CampaignFormView blank() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("campaignType", CampaignType.event.name());
        values.put("timezone", "UTC");
        values.put("campaignData.barcodeType", BarcodeType.qr.name());
        values.put("campaignData.barcodeValueStrategy", BarcodeValueStrategy.auto.name());
        return new CampaignFormView(
                true, "/console/campaigns/new", values, List.of("all"), rows(Map.of(), EMPTY_ROWS), Map.of());
    }

    @PostMapping("/console/campaigns/new")
    String create(
            @AuthenticationPrincipal SignedIn user,
            HttpServletRequest request,
            HttpServletResponse response,
            Model model) {
        ConsoleWrites.require(user);
        Map<String, String[]> params = request.getParameterMap();
        if (rowsOnly(params)) {
            return page(user, model, posted(blank(), params, Map.of()));
        }
        Map<String, Object> body =
                nonNull(CampaignChangeForm.prune(CampaignChangeForm.patch(params, Map.of()), Map.of()));
        try {
            Campaign created = campaigns.create(user.organization(), CampaignInput.newCampaign(body));
            audit.record(
                    user.organization(),
                    AuditLog.Actor.user(user),
                    "campaign.created",
                    "campaign",
                    created.id().value(),
                    Json.write(Map.of("name", created.name())));
            return "redirect:/console/campaigns/" + created.id().value() + "?done=created";
        } catch (ApiException refused) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            return page(user, model, posted(blank(), params, errors(refused)));
        }
    }

    @GetMapping("/console/campaigns/{id}/edit")
    String edit(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            jakarta.servlet.http.HttpServletRequest request,
            Model model) {
        ConsoleWrites.require(user);
        Campaign campaign = campaign(user, id);
        model.addAttribute("campaignId", campaign.id().value());
        // The design page's previews, beside the form: its script redraws them as the manager types.
        model.addAttribute("cspNonce", request.getAttribute(ConsoleSecurity.NONCE_ATTRIBUTE));
        model.addAttribute(
                "p", previews.render(user.organization(), campaign, CardPreviews.design(campaign, Map.of())));
        return page(user, model, of(campaign, Map.of()));
    }

    /** The edit form filled from the campaign as it is now. */
    static CampaignFormView of(Campaign campaign, Map<String, String> errors) {
        Map<String, String> values = new LinkedHashMap<>();
        flatten("", CampaignChangeForm.current(campaign), values);
        return new CampaignFormView(
                false,
                "/console/campaigns/" + campaign.id().value() + "/changes",
                values,
                campaign.providerTypes(),
                rows(campaign.metadata(), EMPTY_ROWS),
                errors);
    }

    /**
     * The form again as it was posted (over the campaign's values, since a page may post only some
     * fields), with the errors; "add row" and "remove" buttons change the metadata rows only.
     */
    static CampaignFormView posted(CampaignFormView base, Map<String, String[]> params, Map<String, String> errors) {
        Map<String, String> values = new LinkedHashMap<>(base.values());
        params.forEach((name, given) -> {
            if (FORM_FIELDS.contains(name) && given.length > 0) {
                values.put(name, given[0]);
            }
        });
        List<String> providers = params.containsKey("_providerTypes") || params.containsKey("providerTypes")
                ? List.of(params.getOrDefault("providerTypes", new String[0]))
                : base.providers();
        if (!params.containsKey("_metadata")) {
            return new CampaignFormView(base.creating(), base.action(), values, providers, base.metadata(), errors);
        }
        List<MetadataRow> rows = new ArrayList<>();
        String[] keys = params.getOrDefault("metadataKey", new String[0]);
        String[] vals = params.getOrDefault("metadataValue", new String[0]);
        String removed = first(params, "removeRow");
        for (int i = 0; i < keys.length; i++) {
            if (!String.valueOf(i).equals(removed)) {
                rows.add(new MetadataRow(keys[i], i < vals.length ? vals[i] : ""));
            }
        }
        int extra = params.containsKey("addRows") ? EMPTY_ROWS : 0;
        for (int i = 0; i < extra || rows.isEmpty(); i++) {
            rows.add(new MetadataRow("", ""));
        }
        return new CampaignFormView(base.creating(), base.action(), values, providers, rows, errors);
    }

    /** Whether the form was posted by "add rows" or a row's "remove": redraw, save nothing. */
    static boolean rowsOnly(Map<String, String[]> params) {
        return params.containsKey("addRows") || params.containsKey("removeRow");
    }

    /** The API's errors by the field they name ({@code providerTypes[1]} is the providers' boxes). */
    static Map<String, String> errors(ApiException refused) {
        Map<String, String> errors = new LinkedHashMap<>();
        for (FieldError error : refused.details()) {
            errors.merge(CampaignInput.formField(error.field()), error.message(), (a, b) -> a + "; " + b);
        }
        if (errors.isEmpty()) {
            errors.put("", refused.getMessage());
        }
        return errors;
    }

    String page(SignedIn user, Model model, CampaignFormView form) {
        model.addAttribute("user", user.view());
        model.addAttribute("form", form);
        model.addAttribute("types", names(CampaignType.values()));
        model.addAttribute("barcodeTypes", names(BarcodeType.values()));
        model.addAttribute("strategies", names(BarcodeValueStrategy.values()));
        model.addAttribute("wallets", CampaignChangeForm.PROVIDERS);
        return "console/campaign-form";
    }

    private Campaign campaign(SignedIn user, String id) {
        return campaigns.find(user.organization(), new CampaignId(id)).orElseThrow(() -> new NotFound("Campaign"));
    }

    private static List<MetadataRow> rows(Map<String, Object> metadata, int empty) {
        List<MetadataRow> rows = new ArrayList<>();
        metadata.forEach((k, v) -> rows.add(new MetadataRow(k, v instanceof String s ? s : Json.write(v))));
        for (int i = 0; i < empty; i++) {
            rows.add(new MetadataRow("", ""));
        }
        return rows;
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, String> out) {
        map.forEach((key, value) -> {
            String path = prefix.isEmpty() ? String.valueOf(key) : prefix + "." + key;
            if (value instanceof Map<?, ?> nested && !path.equals("metadata")) {
                flatten(path, nested, out);
            } else if (value != null && !(value instanceof Map<?, ?>)) {
                out.put(
                        path,
                        value instanceof List<?> l
                                ? String.join(
                                        ",", l.stream().map(String::valueOf).toList())
                                : String.valueOf(value));
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> nonNull(Map<String, @Nullable Object> map) {
        return (Map<String, Object>) (Map<String, ?>) map;
    }

    private static @Nullable String first(Map<String, String[]> params, String name) {
        String[] values = params.get(name);
        return values == null || values.length == 0 ? null : values[0];
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }
}
