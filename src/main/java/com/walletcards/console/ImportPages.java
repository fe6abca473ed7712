package com.walletcards.console;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.recipient.RecipientCsvImports;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.NotFound;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A CSV import from the browser, for editors and owners: the upload (kept in {@link
 * ImportUploadStore} until started), a preview of the first rows where each column gets its field,
 * and the start, which runs the API's import with that mapping. Its progress is {@link
 * ImportProgressPages}. A viewer gets 403; another organization's campaign is not found.
 */
@Controller
class ImportPages {

    static final String FIELD = "file";
    static final int PREVIEW_ROWS = 5;

    /** What a column can become: a standard field, a data field under the column's name, or nothing. */
    static final List<String> CHOICES = List.of("email", "name", "phone", "externalId", "locale", "data", "ignore");

    private static final Set<String> STANDARD = Set.of("email", "name", "phone", "externalId", "locale");

    private final CampaignManagement campaigns;
    private final RecipientCsvImports imports;
    private final ImportUploadStore uploads;
    private final AuditLog audit;

    ImportPages(CampaignManagement campaigns, RecipientCsvImports imports, ImportUploadStore uploads, AuditLog audit) {
        this.campaigns = campaigns;
        this.imports = imports;
        this.uploads = uploads;
        this.audit = audit;
    }

    @GetMapping("/console/campaigns/{id}/imports/new")
    String form(@AuthenticationPrincipal SignedIn user, @PathVariable String id, Model model) {
        Campaign campaign = writable(user, id);
        return uploadPage(user, campaign, null, model);
    }

    @PostMapping("/console/campaigns/{id}/imports/upload")
    String upload(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            HttpServletRequest request,
            HttpServletResponse response,
            Model model)
            throws IOException {
        Campaign campaign = writable(user, id);
        ImportUploadStore.Upload upload = uploads.create(user.organization(), id);
        try {
            CsvUploads.copy(request, FIELD, upload.file(), imports.maxBytes());
            try (InputStream in = Files.newInputStream(upload.file())) {
                imports.preview(in, PREVIEW_ROWS);
            }
        } catch (ApiException refused) {
            uploads.delete(upload.file());
            response.setStatus(refused.code().httpStatus());
            return uploadPage(user, campaign, refused, model);
        } catch (IOException | RuntimeException failed) {
            uploads.delete(upload.file());
            throw failed;
        }
        return "redirect:/console/campaigns/" + id + "/imports/upload/" + upload.token();
    }

    @GetMapping("/console/campaigns/{id}/imports/upload/{token}")
    String preview(
            @AuthenticationPrincipal SignedIn user, @PathVariable String id, @PathVariable String token, Model model)
            throws IOException {
        Campaign campaign = writable(user, id);
        Path file = uploads.find(user.organization(), id, token);
        return previewPage(user, campaign, token, file, Map.of(), null, model);
    }

    @PostMapping("/console/campaigns/{id}/imports/upload/{token}")
    String start(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String id,
            @PathVariable String token,
            @RequestParam Map<String, String> form,
            HttpServletResponse response,
            Model model)
            throws IOException {
        Campaign campaign = writable(user, id);
        Path file = uploads.find(user.organization(), id, token);
        RecipientCsvImports.Preview preview;
        try (InputStream in = Files.newInputStream(file)) {
            preview = imports.preview(in, 0);
        }
        Path claimed = uploads.claim(user.organization(), id, token);
        RecipientCsvImports.Progress started;
        try (InputStream in = Files.newInputStream(claimed)) {
            started = imports.start(
                    user.organization(),
                    campaign.id(),
                    form.containsKey("upsert"),
                    form.containsKey("sendEmail"),
                    in,
                    mapping(preview.header(), form));
        } catch (NotFound gone) {
            throw gone;
        } catch (ApiException refused) {
            // The person corrects the mapping and starts again with the same file.
            Files.move(claimed, file, StandardCopyOption.ATOMIC_MOVE);
            response.setStatus(refused.code().httpStatus());
            return previewPage(user, campaign, token, file, form, refused, model);
        } finally {
            uploads.delete(claimed);
        }
        audit.record(
                user.organization(),
                AuditLog.Actor.user(user),
                "import.started",
                "import",
                started.id(),
                "{\"campaignId\":\"" + id + "\",\"rows\":" + started.rowsTotal() + "}");
        return "redirect:/console/campaigns/" + id + "/imports/" + started.id();
    }

    /** The field of each column as the form chose it; a column without a choice keeps its header's field. */
    private static List<String> mapping(List<String> header, Map<String, String> form) {
        List<String> mapping = new ArrayList<>(header.size());
        for (int i = 0; i < header.size(); i++) {
            String choice = form.getOrDefault("column" + i, suggestion(header.get(i)));
            mapping.add(
                    switch (choice) {
                        case "ignore" -> "";
                        case "data" -> header.get(i).isBlank() ? "column " + (i + 1) : header.get(i);
                        default -> STANDARD.contains(choice) ? choice : "";
                    });
        }
        return mapping;
    }

    /** A standard field whose name the column's is, apart from case and punctuation ("E-Mail", "External ID"). */
    private static String suggestion(String column) {
        String plain = column.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        return STANDARD.stream()
                .filter(s -> s.toLowerCase(Locale.ROOT).equals(plain))
                .findFirst()
                .orElse("data");
    }

    private String uploadPage(SignedIn user, Campaign campaign, @Nullable ApiException problem, Model model) {
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("maxMegabytes", imports.maxBytes() / (1024 * 1024));
        model.addAttribute("problems", problems(problem));
        return "console/import-new";
    }

    private String previewPage(
            SignedIn user,
            Campaign campaign,
            String token,
            Path file,
            Map<String, String> entered,
            @Nullable ApiException problem,
            Model model)
            throws IOException {
        RecipientCsvImports.Preview preview;
        try (InputStream in = Files.newInputStream(file)) {
            preview = imports.preview(in, PREVIEW_ROWS);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < preview.header().size(); i++) {
            String choice = entered.getOrDefault(
                    "column" + i, suggestion(preview.header().get(i)));
            chosen.add(CHOICES.contains(choice) ? choice : "data");
        }
        model.addAttribute("user", user.view());
        model.addAttribute("campaign", campaign);
        model.addAttribute("token", token);
        model.addAttribute("header", preview.header());
        model.addAttribute("rows", preview.rows());
        model.addAttribute("chosen", chosen);
        model.addAttribute("choices", CHOICES);
        model.addAttribute("upsert", entered.containsKey("upsert"));
        model.addAttribute("sendEmail", entered.isEmpty() || entered.containsKey("sendEmail"));
        model.addAttribute("problems", problems(problem));
        return "console/import-preview";
    }

    static List<String> problems(@Nullable ApiException problem) {
        if (problem == null) {
            return List.of();
        }
        return problem.details().isEmpty()
                ? List.of(problem.getMessage())
                : problem.details().stream()
                        .map(d -> d.field() + ": " + d.message())
                        .toList();
    }

    /** Another organization's campaign is not found (404) before a viewer is refused (403). */
    private Campaign writable(SignedIn user, String id) {
        Campaign campaign = campaigns.get(user.organization(), new CampaignId(id));
        ConsoleWrites.require(user);
        return campaign;
    }
}
