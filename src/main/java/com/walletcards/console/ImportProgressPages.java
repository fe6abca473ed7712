package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardStatus;
import com.walletcards.recipient.RecipientCsvImports;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.Page;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * An import's progress: the status page (it reads without script; the script polls the small
 * JSON document and moves the bars), and its refused rows as CSV. Rows come from the import's
 * counts; cards from the campaign's counts (recipients whose card is no longer pending). Reads:
 * viewers see them too.
 */
@Controller
class ImportProgressPages {

    /** The refused rows the page lists; the CSV has all that the import kept (the first 1,000). */
    static final int LISTED = 50;

    private final CampaignManagement campaigns;
    private final RecipientCsvImports imports;
    private final RecipientReads recipients;
    private final MessageSource messages;

    ImportProgressPages(
            CampaignManagement campaigns,
            RecipientCsvImports imports,
            RecipientReads recipients,
            MessageSource messages) {
        this.campaigns = campaigns;
        this.imports = imports;
        this.recipients = recipients;
        this.messages = messages;
    }

    /** What the bars and counts show; the texts are in the page's language. */
    record ProgressView(
            String status,
            boolean finished,
            long rowsTotal,
            long rowsDone,
            long created,
            long updated,
            long failed,
            long recipients,
            long cardsIssued,
            String statusText,
            String rowsText,
            String cardsText,
            @Nullable String failure) {}

    @GetMapping("/console/campaigns/{id}/imports/{importId}")
    String page(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String importId,
            Model model) {
        Campaign campaign = campaigns.get(user.organization(), new CampaignId(id));
        RecipientCsvImports.Progress p = imports.progress(user.organization(), campaign.id(), importId);
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("importId", importId);
        model.addAttribute("progress", view(user, campaign, p));
        model.addAttribute("refused", p.refused().stream().limit(LISTED).toList());
        model.addAttribute("refusedKept", p.refused().size());
        model.addAttribute("canWrite", user.role().writesCampaigns());
        return "console/import";
    }

    @GetMapping(path = "/console/campaigns/{id}/imports/{importId}/progress", produces = "application/json")
    @ResponseBody
    ResponseEntity<ProgressView> progress(
            @AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String importId) {
        Campaign campaign = campaigns.get(user.organization(), new CampaignId(id));
        RecipientCsvImports.Progress p = imports.progress(user.organization(), campaign.id(), importId);
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(view(user, campaign, p));
    }

    @GetMapping("/console/campaigns/{id}/imports/{importId}/refused.csv")
    void refused(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String importId,
            HttpServletResponse response)
            throws IOException {
        Campaign campaign = campaigns.get(user.organization(), new CampaignId(id));
        RecipientCsvImports.Progress p = imports.progress(user.organization(), campaign.id(), importId);
        response.setContentType(new MediaType("text", "csv", StandardCharsets.UTF_8).toString());
        response.setHeader("Content-Disposition", "attachment; filename=\"refused-rows-" + importId + ".csv\"");
        Writer out = response.getWriter();
        out.write("line,field,code,message\r\n");
        for (RecipientCsvImports.Refusal r : p.refused()) {
            out.write(CsvCells.row(String.valueOf(r.line()), r.field(), r.code(), r.message()));
        }
        out.flush();
    }

    @GetMapping("/console/assets/imports.js")
    ResponseEntity<org.springframework.core.io.Resource> script() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "javascript"))
                .cacheControl(CacheControl.noCache())
                .body(new org.springframework.core.io.ClassPathResource("console/imports.js"));
    }

    private ProgressView view(SignedIn user, Campaign campaign, RecipientCsvImports.Progress p) {
        long live = recipients
                .list(user.organization(), campaign.id(), null, null, new Page(1, 0))
                .total();
        long pending = recipients
                .list(user.organization(), campaign.id(), null, CardStatus.pending, new Page(1, 0))
                .total();
        long issued = Math.max(0, live - pending);
        Locale locale = LocaleContextHolder.getLocale();
        return new ProgressView(
                p.status(),
                p.finished(),
                p.rowsTotal(),
                p.rowsDone(),
                p.created(),
                p.updated(),
                p.failed(),
                live,
                issued,
                messages.getMessage("console.imports.status." + p.status(), null, locale),
                messages.getMessage(
                        "console.imports.rowsProgress",
                        new Object[] {format(p.rowsDone(), locale), format(p.rowsTotal(), locale)},
                        locale),
                messages.getMessage(
                        "console.imports.cardsProgress",
                        new Object[] {format(issued, locale), format(live, locale)},
                        locale),
                p.failure());
    }

    private static String format(long n, Locale locale) {
        return java.text.NumberFormat.getIntegerInstance(locale).format(n);
    }
}
