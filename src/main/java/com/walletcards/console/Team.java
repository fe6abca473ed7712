package com.walletcards.console;

import com.walletcards.shared.OrganizationId;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.stereotype.Component;

/**
 * An owner's changes to the organization's people, each recorded in the audit log with the owner
 * as actor. A new role applies from the user's next request ({@link CurrentUsers}); a removed
 * user's sessions and passkeys go with them, so their next request is signed out (ADR 0045).
 */
@Component
class Team {

    private final ConsoleUsers users;
    private final AuditLog audit;
    private final FindByIndexNameSessionRepository<? extends Session> sessions;
    private final PublicKeyCredentialUserEntityRepository passkeyUsers;
    private final UserCredentialRepository passkeys;

    Team(
            ConsoleUsers users,
            AuditLog audit,
            FindByIndexNameSessionRepository<? extends Session> sessions,
            PublicKeyCredentialUserEntityRepository passkeyUsers,
            UserCredentialRepository passkeys) {
        this.users = users;
        this.audit = audit;
        this.sessions = sessions;
        this.passkeyUsers = passkeyUsers;
        this.passkeys = passkeys;
    }

    ConsoleUser changeRole(OrganizationId org, String userId, Role role, AuditLog.Actor by) {
        ConsoleUser before = users.member(org, userId);
        if (before.role() == role) {
            return before;
        }
        ConsoleUser after = users.changeRole(org, userId, role);
        audit.record(
                org,
                by,
                "user.roleChanged",
                "user",
                after.id(),
                "{\"from\":\"" + before.role().name() + "\",\"to\":\"" + role.name() + "\"}");
        return after;
    }

    ConsoleUser remove(OrganizationId org, String userId, AuditLog.Actor by) {
        ConsoleUser removed = users.remove(org, userId);
        // Sessions are indexed by the principal's name, which is the user's id (SignedIn).
        sessions.findByPrincipalName(removed.id()).keySet().forEach(sessions::deleteById);
        PublicKeyCredentialUserEntity entity = passkeyUsers.findByUsername(removed.id());
        if (entity != null) {
            passkeys.findByUserId(entity.getId()).forEach(p -> passkeys.delete(p.getCredentialId()));
            passkeyUsers.delete(entity.getId());
        }
        audit.record(
                org,
                by,
                "user.removed",
                "user",
                removed.id(),
                "{\"role\":\"" + removed.role().name() + "\"}");
        return removed;
    }
}
