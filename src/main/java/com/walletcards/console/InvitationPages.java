package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardStatus;
import com.walletcards.email.OutgoingEmail;
import com.walletcards.issuance.InviteEmail;
import com.walletcards.issuance.RecipientInvitations;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientBrowse;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.Page;
import com.walletcards.shared.Validation;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
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
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * Invitations of many recipients: a selection from the recipients table (invited one by one, as
 * {@code POST …/{recipientId}/invite} does) or every recipient whose card is ready (in the batches
 * of {@code POST …/bulk-invite}, in the background, see {@link InvitationRuns}). The composer
 * shows the email as a real recipient would get it and sends a test to the signed-in user; a
 * confirmation says what recipients will receive. Editors and owners only; audited per write.
 */
@Controller
class InvitationPages {

    /** How many recipients of the campaign the composer offers to preview with. */
    static final int PREVIEW_CHOICES = 20;

    private final CampaignManagement campaigns;
    private final RecipientReads recipients;
    private final RecipientInvitations invitations;
    private final InvitationRuns runs;
    private final AuditLog audit;

    InvitationPages(
            CampaignManagement campaigns,
            RecipientReads recipients,
            RecipientInvitations invitations,
            InvitationRuns runs,
            AuditLog audit) {
        this.campaigns = campaigns;
        this.recipients = recipients;
        this.invitations = invitations;
        this.runs = runs;
        this.audit = audit;
    }

    /** What the composer's form holds: blank parts keep the default wording. */
    record Wording(String subject, String body, String buttonText, boolean sendEmail) {

        static Wording of(
                @Nullable String subject,
                @Nullable String body,
                @Nullable String buttonText,
                @Nullable String sendEmail) {
            return new Wording(
                    subject == null ? "" : subject,
                    body == null ? "" : body,
                    buttonText == null ? "" : buttonText,
                    sendEmail != null);
        }

        InviteEmail email(Validation v) {
            return InviteEmail.validated(blankToNull(subject), blankToNull(body), blankToNull(buttonText), v);
        }

        private static @Nullable String blankToNull(String value) {
            return value.isBlank() ? null : value;
        }
    }

    /** A recipient as the composer lists it. */
    record Choice(String id, String email, @Nullable String name, String status) {}

    /** What a selection's invitation did: invited (emails sent or failed), and the skipped with the reason. */
    record SelectionResult(int invited, int emailsSent, int emailsFailed, List<Skipped> skipped) {}

    record Skipped(String email, String reason) {}

    /** The composer as the recipients table opens it: the default wording, the email on. */
    @GetMapping("/console/campaigns/{id}/invitations")
    String composer(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam(name = "recipientId", required = false) @Nullable List<String> selected,
            Model model,
            HttpServletResponse response) {
        Campaign campaign = writable(user, id);
        Wording wording = new Wording("", "", "", true);
        return page(user, campaign, ids(selected), wording, null, false, model, response);
    }

    /**
     * The composer's buttons ({@code step}): show the preview, send the test email to the signed-in
     * user, or go on to the confirmation. A POST, since the test sends an email; nothing else writes.
     */
    @PostMapping("/console/campaigns/{id}/invitations/compose")
    String compose(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam(name = "recipientId", required = false) @Nullable List<String> selected,
            @RequestParam(required = false) @Nullable String subject,
            @RequestParam(required = false) @Nullable String body,
            @RequestParam(required = false) @Nullable String buttonText,
            @RequestParam(required = false) @Nullable String sendEmail,
            @RequestParam(required = false) @Nullable String preview,
            @RequestParam(required = false) @Nullable String step,
            Model model,
            HttpServletResponse response) {
        Campaign campaign = writable(user, id);
        Wording wording = Wording.of(subject, body, buttonText, sendEmail);
        Validation v = new Validation();
        InviteEmail email = wording.email(v);
        if ("test".equals(step) && !v.hasErrors() && preview != null && !preview.isBlank()) {
            boolean sent = invitations.sendTest(user.organization(), campaign.id(), preview, email, user.email());
            model.addAttribute("testSent", sent ? "sent" : "failed");
            model.addAttribute("testAddress", user.email());
            if (!sent) {
                response.setStatus(HttpServletResponse.SC_BAD_GATEWAY);
            }
        }
        return page(user, campaign, ids(selected), wording, preview, "confirm".equals(step), model, response);
    }

    @PostMapping("/console/campaigns/{id}/invitations")
    String invite(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @RequestParam(name = "recipientId", required = false) @Nullable List<String> selected,
            @RequestParam(required = false) @Nullable String subject,
            @RequestParam(required = false) @Nullable String body,
            @RequestParam(required = false) @Nullable String buttonText,
            @RequestParam(required = false) @Nullable String sendEmail,
            Model model,
            HttpServletResponse response) {
        Campaign campaign = writable(user, id);
        Wording wording = Wording.of(subject, body, buttonText, sendEmail);
        Validation v = new Validation();
        InviteEmail email = wording.email(v);
        List<String> ids = ids(selected);
        if (v.hasErrors()) {
            return page(user, campaign, ids, wording, null, false, model, response);
        }
        String detail = "{\"sendEmail\":" + wording.sendEmail() + "}";
        if (ids.isEmpty()) {
            String run;
            try {
                run = runs.start(user.organization(), campaign.id(), wording.sendEmail(), email);
            } catch (ApiException refused) {
                return refused(user, campaign, ids, wording, refused, model, response);
            }
            audit.record(user.organization(), AuditLog.Actor.user(user), "recipients.invited", "campaign", id, detail);
            return "redirect:/console/campaigns/" + id + "/invitations/runs/" + run;
        }
        int invited = 0;
        int sent = 0;
        int failed = 0;
        List<Skipped> skipped = new ArrayList<>();
        for (String rid : ids) {
            try {
                RecipientInvitations.Invitation done =
                        invitations.invite(user.organization(), campaign.id(), rid, wording.sendEmail(), email);
                invited++;
                if (done.emailSent()) {
                    sent++;
                } else if (wording.sendEmail()) {
                    failed++;
                }
                audit.record(
                        user.organization(), AuditLog.Actor.user(user), "recipient.invited", "recipient", rid, detail);
            } catch (NotFound gone) {
                skipped.add(new Skipped(rid, gone.getMessage()));
            } catch (ApiException refused) {
                skipped.add(new Skipped(emailOf(user, campaign, rid), refused.getMessage()));
            }
        }
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("result", new SelectionResult(invited, sent, failed, skipped));
        model.addAttribute("sendEmail", wording.sendEmail());
        return "console/invitation-result";
    }

    @GetMapping("/console/campaigns/{id}/invitations/runs/{run}")
    String run(@AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String run, Model model) {
        Campaign campaign = writable(user, id);
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("run", progress(user, id, run));
        return "console/invitation-run";
    }

    /** The script's view of the same run, polled while it goes on. */
    @GetMapping(path = "/console/campaigns/{id}/invitations/runs/{run}/progress", produces = "application/json")
    @ResponseBody
    Map<String, Object> runProgress(
            @AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String run) {
        writable(user, id);
        InvitationRuns.Progress p = progress(user, id, run);
        return Map.of(
                "state", p.state().name(),
                "total", p.total(),
                "invited", p.invited(),
                "emailsSent", p.emailsSent(),
                "emailsFailed", p.emailsFailed(),
                "percent", p.percent());
    }

    @GetMapping("/console/assets/invitations.js")
    ResponseEntity<Resource> script() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "javascript"))
                .cacheControl(CacheControl.noCache())
                .body(new ClassPathResource("console/invitations.js"));
    }

    private InvitationRuns.Progress progress(SignedIn user, String id, String run) {
        return runs.progress(user.organization(), id, run).orElseThrow(() -> new NotFound("Invitation run"));
    }

    private String page(
            SignedIn user,
            Campaign campaign,
            List<String> selected,
            Wording wording,
            @Nullable String preview,
            boolean confirming,
            Model model,
            HttpServletResponse response) {
        List<Choice> choices = selected.isEmpty() ? ready(user, campaign) : chosen(user, campaign, selected);
        Validation v = new Validation();
        InviteEmail email = wording.email(v);
        List<String> problems = new ArrayList<>();
        if (v.hasErrors()) {
            try {
                v.throwIfInvalid();
            } catch (ApiException invalid) {
                invalid.details().forEach(d -> problems.add(d.field() + ": " + d.message()));
            }
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            confirming = false;
        }
        String previewed = choices.stream()
                .map(Choice::id)
                .filter(c -> c.equals(preview))
                .findFirst()
                .orElse(choices.isEmpty() ? null : choices.get(0).id());
        OutgoingEmail rendered = previewed == null || v.hasErrors()
                ? null
                : invitations.preview(user.organization(), campaign.id(), previewed, email);
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("selected", selected);
        model.addAttribute(
                "count",
                selected.isEmpty() ? invitations.readyToInvite(user.organization(), campaign.id()) : selected.size());
        model.addAttribute("choices", choices);
        model.addAttribute("previewed", previewed);
        model.addAttribute("email", rendered);
        model.addAttribute("wording", wording);
        model.addAttribute("placeholders", InviteEmail.PLACEHOLDERS);
        model.addAttribute("problems", problems);
        model.addAttribute("confirming", confirming);
        return "console/invitations";
    }

    private String refused(
            SignedIn user,
            Campaign campaign,
            List<String> selected,
            Wording wording,
            ApiException refused,
            Model model,
            HttpServletResponse response) {
        page(user, campaign, selected, wording, null, false, model, response);
        response.setStatus(HttpServletResponse.SC_CONFLICT);
        model.addAttribute("problems", List.of(refused.getMessage()));
        return "console/invitations";
    }

    /** The first ready recipients (newest first), to preview the email with. */
    private List<Choice> ready(SignedIn user, Campaign campaign) {
        return recipients
                .browse(
                        user.organization(),
                        campaign.id(),
                        new RecipientBrowse(
                                null, CardStatus.created, null, RecipientBrowse.Order.added, null, PREVIEW_CHOICES))
                .rows()
                .stream()
                .map(row -> choice(row.recipient()))
                .toList();
    }

    private List<Choice> chosen(SignedIn user, Campaign campaign, List<String> selected) {
        return selected.stream()
                .map(rid -> choice(recipients.get(user.organization(), campaign.id(), rid)))
                .toList();
    }

    private String emailOf(SignedIn user, Campaign campaign, String rid) {
        try {
            return recipients.get(user.organization(), campaign.id(), rid).email();
        } catch (NotFound gone) {
            return rid;
        }
    }

    private static Choice choice(Recipient r) {
        return new Choice(r.id(), r.email(), r.name(), r.status().name());
    }

    /** The selection without repeats; more than a page of the API's size is not a selection the table makes. */
    private static List<String> ids(@Nullable List<String> selected) {
        if (selected == null) {
            return List.of();
        }
        List<String> ids = new ArrayList<>(new LinkedHashSet<>(selected.stream()
                .filter(s -> s != null && !s.isBlank())
                .map(String::strip)
                .toList()));
        if (ids.size() > Page.MAX_LIMIT) {
            throw new NotFound("Selection of more than " + Page.MAX_LIMIT + " recipients");
        }
        return ids;
    }

    /** Another organization's campaign is not found (404) before a viewer is refused (403). */
    private Campaign writable(SignedIn user, String id) {
        Campaign campaign =
                campaigns.find(user.organization(), new CampaignId(id)).orElseThrow(() -> new NotFound("Campaign"));
        ConsoleWrites.require(user);
        return campaign;
    }
}
