package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.card.CardView;
import com.walletcards.recipient.Recipient;
import com.walletcards.recipient.RecipientBrowse;
import com.walletcards.recipient.RecipientReads;
import com.walletcards.shared.ProviderName;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * A campaign's live recipients as CSV, with status, wallets and card link, written page by page
 * as the table reads them (keyset pages of {@value #PAGE}, newest first): a million rows never sit
 * in memory. A read, so viewers may export too.
 */
@Controller
class RecipientExport {

    static final int PAGE = 500;

    private final CampaignManagement campaigns;
    private final RecipientReads recipients;

    RecipientExport(CampaignManagement campaigns, RecipientReads recipients) {
        this.campaigns = campaigns;
        this.recipients = recipients;
    }

    @GetMapping("/console/campaigns/{id}/recipients.csv")
    void export(@AuthenticationPrincipal SignedIn user, @PathVariable String id, HttpServletResponse response)
            throws IOException {
        CampaignId campaignId = new CampaignId(id);
        Campaign campaign = campaigns.get(user.organization(), campaignId);
        response.setContentType(new MediaType("text", "csv", StandardCharsets.UTF_8).toString());
        response.setHeader(
                "Content-Disposition",
                "attachment; filename=\"recipients-" + campaign.id().value() + ".csv\"");
        response.setHeader("Cache-Control", "no-store");
        Writer out = response.getWriter();
        out.write("id,email,name,externalId,status,wallets,cardLink,added,lastActivity\r\n");
        RecipientBrowse.Cursor cursor = null;
        do {
            RecipientBrowse.Result page = recipients.browse(
                    user.organization(),
                    campaignId,
                    new RecipientBrowse(null, null, null, RecipientBrowse.Order.added, cursor, PAGE));
            List<Recipient> listed =
                    page.rows().stream().map(RecipientBrowse.Row::recipient).toList();
            Map<String, CardView> cards = recipients.cards(user.organization(), listed);
            for (RecipientBrowse.Row row : page.rows()) {
                Recipient r = row.recipient();
                CardView card = r.walletCardId() == null ? null : cards.get(r.walletCardId());
                out.write(CsvCells.row(
                        r.id(),
                        r.email(),
                        r.name(),
                        r.externalId(),
                        r.status().name(),
                        row.wallets().stream().map(ProviderName::walletName).collect(Collectors.joining("; ")),
                        card == null ? null : card.downloadUrl(),
                        r.createdAt().toString(),
                        r.updatedAt().toString()));
            }
            out.flush();
            cursor = page.next();
        } while (cursor != null);
    }
}
