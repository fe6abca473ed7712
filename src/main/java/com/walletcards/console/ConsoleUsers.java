package com.walletcards.console;

import com.walletcards.access.AccessManagement;
import com.walletcards.shared.Ids;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The people of an organization: adding them, their set-password links and their passwords. */
@Service
class ConsoleUsers {

    /** Long enough that a guessed password is out of reach at the sign-in limits. */
    static final int MIN_PASSWORD_LENGTH = 12;

    static final int MAX_PASSWORD_LENGTH = 200;

    private final ConsoleUserQueries queries;
    private final AccessManagement access;
    private final PasswordEncoder passwords;
    private final ConsoleProperties properties;
    private final Clock clock;

    ConsoleUsers(
            ConsoleUserQueries queries,
            AccessManagement access,
            PasswordEncoder passwords,
            ConsoleProperties properties,
            Clock clock) {
        this.queries = queries;
        this.access = access;
        this.passwords = passwords;
        this.properties = properties;
        this.clock = clock;
    }

    /** Adds a user without a password and answers the link that sets it; an unknown organization is 404. */
    @Transactional
    NewUser add(OrganizationId org, String email, String name, Role role) {
        access.organization(org).orElseThrow(() -> new NotFound("Organization"));
        String normalized = normalize(email);
        if (queries.byEmail(normalized).isPresent()) {
            throw new InvalidState("A user with this email already exists");
        }
        ConsoleUser user = new ConsoleUser(Ids.newId("usr"), org, normalized, name, role, Times.now(clock));
        queries.insert(user);
        return new NewUser(user, link(user, properties.passwordLinkValidity()));
    }

    /** Gives the user another role; an organization never loses its last owner this way. */
    @Transactional
    ConsoleUser changeRole(OrganizationId org, String userId, Role role) {
        ConsoleUser user = member(org, userId);
        if (user.role() == Role.owner && role != Role.owner) {
            keepAnOwner(org);
        }
        queries.setRole(user.id(), role);
        return new ConsoleUser(user.id(), org, user.email(), user.name(), role, user.createdAt());
    }

    /** Removes the user (answered as they were); the organization's last owner stays. */
    @Transactional
    ConsoleUser remove(OrganizationId org, String userId) {
        ConsoleUser user = member(org, userId);
        if (user.role() == Role.owner) {
            keepAnOwner(org);
        }
        queries.delete(user.id());
        return user;
    }

    /** The user, when they belong to the organization; another organization's user is 404. */
    ConsoleUser member(OrganizationId org, String userId) {
        return queries.byId(userId).filter(u -> u.organizationId().equals(org)).orElseThrow(() -> new NotFound("User"));
    }

    private void keepAnOwner(OrganizationId org) {
        if (queries.lockOwners(org) <= 1) {
            throw new LastOwner();
        }
    }

    /** Demoting or removing the organization's only owner would leave nobody to manage it. */
    static final class LastOwner extends InvalidState {
        LastOwner() {
            super("The organization's last owner cannot be removed or given another role");
        }
    }

    List<ConsoleUser> of(OrganizationId org) {
        return queries.ofOrganization(org);
    }

    Optional<ConsoleUser> byId(String id) {
        return queries.byId(id);
    }

    Optional<ConsoleUser> byEmail(String email) {
        return queries.byEmail(normalize(email));
    }

    Optional<String> passwordHash(ConsoleUser user) {
        return Optional.ofNullable(queries.passwordHash(user.email()));
    }

    /** The user a link may set the password of, while it is unused and unexpired. */
    Optional<ConsoleUser> linkHolder(String token) {
        return queries.linkUser(PasswordLinks.hash(token), Instant.now(clock)).flatMap(queries::byId);
    }

    /** Spends the link and sets the password; a used or expired link sets nothing. */
    @Transactional
    Optional<ConsoleUser> setPassword(String token, String password) {
        String hash = PasswordLinks.hash(token);
        Instant now = Instant.now(clock);
        Optional<ConsoleUser> user = queries.linkUser(hash, now).flatMap(queries::byId);
        if (user.isEmpty() || !queries.useLink(hash, now)) {
            return Optional.empty();
        }
        queries.setPassword(user.get().id(), passwords.encode(password));
        return user;
    }

    /**
     * The bootstrap organization's owner: with a password, that owner exists with that password
     * (answers empty); without one, an organization without an owner gets one and the link that
     * sets its password (valid a day), and one that has an owner gets nothing.
     */
    @Transactional
    Optional<String> ensureBootstrapOwner(OrganizationId org, String ownerEmail, @Nullable String password) {
        String email = normalize(ownerEmail);
        Optional<ConsoleUser> existing = queries.byEmail(email);
        if (password != null && !password.isBlank()) {
            ConsoleUser owner = existing.orElseGet(() -> insertOwner(org, email));
            String stored = queries.passwordHash(email);
            if (stored == null || !passwords.matches(password, stored)) {
                queries.setPassword(owner.id(), passwords.encode(password));
            }
            return Optional.empty();
        }
        if (existing.isPresent() || queries.hasOwner(org)) {
            return Optional.empty();
        }
        return Optional.of(link(insertOwner(org, email), ConsoleProperties.BOOTSTRAP_LINK_VALIDITY));
    }

    private ConsoleUser insertOwner(OrganizationId org, String email) {
        ConsoleUser owner = new ConsoleUser(Ids.newId("usr"), org, email, "Owner", Role.owner, Times.now(clock));
        queries.insert(owner);
        return owner;
    }

    private String link(ConsoleUser user, Duration validity) {
        String token = PasswordLinks.newToken();
        queries.insertLink(
                PasswordLinks.hash(token), user.id(), Instant.now(clock).plus(validity));
        return properties.origin() + "/console/password/" + token;
    }

    static String normalize(String email) {
        return email.strip().toLowerCase(Locale.ROOT);
    }
}
