package com.walletcards.console;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.email.Mailer;
import com.walletcards.email.OutgoingEmail;
import com.walletcards.shared.OrganizationId;
import java.util.Locale;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;
import org.springframework.web.util.HtmlUtils;

/**
 * Adds a user and emails them their set-password link in the organization's language, through the
 * service's mailer (SMTP, or the outbox folder without one). The link is also answered to whoever
 * added the user, so a failed email loses nothing.
 */
@Component
class UserInvites {

    private final ConsoleUsers users;
    private final AccessManagement access;
    private final Mailer mailer;
    private final MessageSource messages;
    private final AuditLog audit;

    UserInvites(ConsoleUsers users, AccessManagement access, Mailer mailer, MessageSource messages, AuditLog audit) {
        this.users = users;
        this.access = access;
        this.mailer = mailer;
        this.messages = messages;
        this.audit = audit;
    }

    NewUser add(OrganizationId org, String email, String name, Role role, AuditLog.Actor by) {
        NewUser added = users.add(org, email, name, role);
        ConsoleUser user = added.user();
        audit.record(org, by, "user.added", "user", user.id(), "{\"role\":\"" + role.name() + "\"}");
        Organization organization = access.organization(org).orElseThrow();
        Locale locale = organization.defaultLocale();
        String subject = messages.getMessage("console.invite.subject", new Object[] {organization.name()}, locale);
        String body = messages.getMessage(
                "console.invite.body", new Object[] {user.name(), organization.name(), role.name()}, locale);
        String action = messages.getMessage("console.invite.action", null, locale);
        String text = body + "\n\n" + action + ":\n" + added.passwordLink() + "\n";
        String html = "<p>" + HtmlUtils.htmlEscape(body) + "</p><p><a href=\""
                + HtmlUtils.htmlEscape(added.passwordLink()) + "\">" + HtmlUtils.htmlEscape(action) + "</a></p>";
        mailer.send(new OutgoingEmail(user.email(), organization.name(), null, subject, text, html));
        return added;
    }
}
