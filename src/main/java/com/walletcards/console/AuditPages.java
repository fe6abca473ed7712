package com.walletcards.console;

import com.walletcards.audit.AuditEvent;
import com.walletcards.audit.AuditPage;
import com.walletcards.audit.AuditQuery;
import com.walletcards.audit.AuditTrail;
import com.walletcards.console.view.AuditRow;
import com.walletcards.shared.Page;
import jakarta.servlet.http.HttpServletResponse;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The organization's audit log for its owners, newest first, 50 to a page, filtered by actor and
 * target id. Editors and viewers do not see the link and are answered 403.
 */
@Controller
class AuditPages {

    static final int PAGE_SIZE = 50;
    // Offsets beyond this are refused by the page numbers we accept; the log is read recent first.
    private static final int MAX_PAGE = 2000;

    private final AuditTrail trail;

    AuditPages(AuditTrail trail) {
        this.trail = trail;
    }

    @GetMapping("/console/audit")
    String list(
            @AuthenticationPrincipal SignedIn user,
            @RequestParam(required = false) @Nullable String actor,
            @RequestParam(required = false) @Nullable String target,
            @RequestParam(required = false) @Nullable String page,
            Locale locale,
            Model model,
            HttpServletResponse response) {
        model.addAttribute("user", user.view());
        if (!user.role().managesUsers()) {
            response.setStatus(HttpServletResponse.SC_FORBIDDEN);
            return "console/forbidden";
        }
        String actorId = filter(actor, 40);
        String targetId = filter(target, 60);
        int number = pageNumber(page);
        AuditPage found = trail.list(
                user.organization(), new AuditQuery(actorId, targetId, new Page(PAGE_SIZE, (number - 1) * PAGE_SIZE)));
        DateTimeFormatter time = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM)
                .withLocale(locale)
                .withZone(ZoneOffset.UTC);
        model.addAttribute(
                "rows", found.events().stream().map(e -> row(e, time)).toList());
        model.addAttribute("total", found.total());
        model.addAttribute("actor", actorId == null ? "" : actorId);
        model.addAttribute("target", targetId == null ? "" : targetId);
        model.addAttribute("page", number);
        model.addAttribute("pages", Math.max(1, (found.total() + PAGE_SIZE - 1) / PAGE_SIZE));
        return "console/audit";
    }

    private static AuditRow row(AuditEvent event, DateTimeFormatter time) {
        return new AuditRow(
                time.format(event.at()) + " UTC",
                event.actor().type(),
                event.actor().id(),
                event.actor().name(),
                event.action(),
                event.target().type(),
                event.target().id());
    }

    /** A filter that cannot be an id (blank, too long) filters nothing rather than failing the page. */
    private static @Nullable String filter(@Nullable String raw, int max) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        String value = raw.trim();
        return value.length() > max ? value.substring(0, max) : value;
    }

    private static int pageNumber(@Nullable String raw) {
        if (raw == null) {
            return 1;
        }
        try {
            return (int) Math.max(1, Math.min(MAX_PAGE, Long.parseLong(raw.trim())));
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
