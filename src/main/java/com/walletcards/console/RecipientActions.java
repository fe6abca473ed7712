package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.issuance.InviteEmail;
import com.walletcards.issuance.RecipientInvitations;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientLifecycle;
import com.walletcards.recipient.RecipientPatches;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.ApiException;
import jakarta.servlet.http.HttpServletResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The writes of the recipient page: edit its data, invite it (with or without the email), revoke,
 * delete. Each runs the very operation of the API (the PATCH's validation, the invitation's
 * options, the revocation and deletion with their events and webhooks), after a confirmation page
 * that says in plain words what the holder will see. Only editors and owners; a viewer gets 403.
 * Every write is audited with the user as actor.
 */
@Controller
class RecipientActions {

    /** The actions with a confirmation page, by their path segment. */
    static final Set<String> ACTIONS = Set.of("invite", "invite-email", "revoke", "delete");

    private final CampaignManagement campaigns;
    private final RecipientReads recipients;
    private final RecipientLifecycle lifecycle;
    private final RecipientInvitations invitations;
    private final AuditLog audit;

    RecipientActions(
            CampaignManagement campaigns,
            RecipientReads recipients,
            RecipientLifecycle lifecycle,
            RecipientInvitations invitations,
            AuditLog audit) {
        this.campaigns = campaigns;
        this.recipients = recipients;
        this.lifecycle = lifecycle;
        this.invitations = invitations;
        this.audit = audit;
    }

    @GetMapping("/console/campaigns/{id}/recipients/{rid}/edit")
    String edit(
            @AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String rid, Model model) {
        writer(user);
        Recipient r = recipients.get(user.organization(), new CampaignId(id), rid);
        return form(user, id, r, Map.of(), null, model);
    }

    @PostMapping("/console/campaigns/{id}/recipients/{rid}/edit")
    String save(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String rid,
            @RequestParam MultiValueMap<String, String> form,
            Model model,
            HttpServletResponse response) {
        writer(user);
        CampaignId campaignId = new CampaignId(id);
        Recipient r = recipients.get(user.organization(), campaignId, rid);
        Map<String, @Nullable Object> body = patch(r, form);
        try {
            lifecycle.update(user.organization(), campaignId, rid, RecipientPatches.read(body));
        } catch (ApiException refused) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            Map<String, String> entered = form.toSingleValueMap();
            return form(user, id, r, entered, refused, model);
        }
        audit.record(user.organization(), AuditLog.Actor.user(user), "recipient.updated", "recipient", rid, "{}");
        return "redirect:/console/campaigns/" + id + "/recipients/" + rid + "?done=updated";
    }

    @GetMapping("/console/campaigns/{id}/recipients/{rid}/{action}")
    String confirm(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String rid,
            @PathVariable String action,
            Model model) {
        known(action);
        writer(user);
        CampaignId campaignId = new CampaignId(id);
        Campaign campaign = campaigns.get(user.organization(), campaignId);
        Recipient r = recipients.get(user.organization(), campaignId, rid);
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("recipient", r);
        model.addAttribute("action", action);
        return "console/recipient-confirm";
    }

    @PostMapping("/console/campaigns/{id}/recipients/{rid}/{action}")
    String act(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String rid,
            @PathVariable String action,
            Model model,
            HttpServletResponse response) {
        known(action);
        writer(user);
        CampaignId campaignId = new CampaignId(id);
        try {
            switch (action) {
                case "invite", "invite-email" ->
                    invitations.invite(
                            user.organization(),
                            campaignId,
                            rid,
                            action.equals("invite-email"),
                            new InviteEmail(null, null, null));
                case "revoke" -> lifecycle.revoke(user.organization(), campaignId, rid);
                default -> lifecycle.delete(user.organization(), campaignId, rid);
            }
        } catch (com.walletcards.shared.NotFound gone) {
            throw gone;
        } catch (ApiException refused) {
            response.setStatus(HttpServletResponse.SC_CONFLICT);
            confirm(user, id, rid, action, model);
            model.addAttribute("problem", refused.getMessage());
            return "console/recipient-confirm";
        }
        String audited = switch (action) {
            case "invite", "invite-email" -> "recipient.invited";
            case "revoke" -> "recipient.revoked";
            default -> "recipient.deleted";
        };
        audit.record(
                user.organization(),
                AuditLog.Actor.user(user),
                audited,
                "recipient",
                rid,
                action.equals("invite-email") ? "{\"sendEmail\":true}" : "{}");
        if (action.equals("delete")) {
            return "redirect:/console/campaigns/" + id + "/recipients?done=deleted";
        }
        return "redirect:/console/campaigns/" + id + "/recipients/" + rid + "?done="
                + (action.equals("revoke") ? "revoked" : "invited");
    }

    /**
     * The form as a PATCH document: the fields whose value differs from the recipient's, blank
     * clearing a field; data fields as {@code data.<key>}, a new one as {@code newKey}/{@code newValue}.
     */
    static Map<String, @Nullable Object> patch(Recipient r, MultiValueMap<String, String> form) {
        Map<String, @Nullable Object> body = new LinkedHashMap<>();
        text(body, "name", form.getFirst("name"), r.name());
        text(body, "phone", form.getFirst("phone"), r.phone());
        text(body, "externalId", form.getFirst("externalId"), r.externalId());
        String locale = form.getFirst("locale");
        String current = r.locale() == null ? null : r.locale().getLanguage();
        text(body, "locale", locale, current);
        Map<String, @Nullable Object> data = new LinkedHashMap<>();
        r.recipientData().forEach((key, value) -> {
            String entered = form.getFirst("data." + key);
            if (entered != null && !entered.equals(String.valueOf(value))) {
                data.put(key, entered.isBlank() ? null : entered);
            }
        });
        String newKey = form.getFirst("newKey");
        String newValue = form.getFirst("newValue");
        if (newKey != null && !newKey.isBlank() && newValue != null && !newValue.isBlank()) {
            data.put(newKey.strip(), newValue);
        }
        if (!data.isEmpty()) {
            body.put("recipientData", data);
        }
        return body;
    }

    private static void text(
            Map<String, @Nullable Object> body, String field, @Nullable String entered, @Nullable String now) {
        if (entered == null) {
            return;
        }
        String value = entered.isBlank() ? null : entered.strip();
        if (!java.util.Objects.equals(value, now)) {
            body.put(field, value);
        }
    }

    private String form(
            SignedIn user,
            String id,
            Recipient r,
            Map<String, String> entered,
            @Nullable ApiException problem,
            Model model) {
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaigns.get(user.organization(), new CampaignId(id)));
        model.addAttribute("recipient", r);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("name", entered.getOrDefault("name", r.name() == null ? "" : r.name()));
        values.put("phone", entered.getOrDefault("phone", r.phone() == null ? "" : r.phone()));
        values.put("externalId", entered.getOrDefault("externalId", r.externalId() == null ? "" : r.externalId()));
        values.put(
                "locale",
                entered.getOrDefault(
                        "locale", r.locale() == null ? "" : r.locale().getLanguage()));
        model.addAttribute("values", values);
        Map<String, String> data = new LinkedHashMap<>();
        r.recipientData().forEach((k, v) -> data.put(k, entered.getOrDefault("data." + k, String.valueOf(v))));
        model.addAttribute("data", data);
        model.addAttribute("newKey", entered.getOrDefault("newKey", ""));
        model.addAttribute("newValue", entered.getOrDefault("newValue", ""));
        model.addAttribute(
                "problems",
                problem == null
                        ? List.of()
                        : problem.details().isEmpty()
                                ? List.of(problem.getMessage())
                                : problem.details().stream()
                                        .map(d -> d.field() + ": " + d.message())
                                        .collect(Collectors.toList()));
        return "console/recipient-edit";
    }

    private static void known(String action) {
        if (!ACTIONS.contains(action)) {
            throw new com.walletcards.shared.NotFound("Page");
        }
    }

    private static void writer(SignedIn user) {
        ConsoleWrites.require(user);
    }
}
