package com.walletcards.access;

import com.walletcards.shared.Ids;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/** Organizations and their API keys. */
@Service
public class AccessManagement {

    /** The language of an organization until it chooses another. */
    public static final Locale DEFAULT_LOCALE = Locale.ENGLISH;

    private final AccessQueries queries;
    private final VerifiedKeys verified;
    private final KeyUses uses;
    private final Clock clock;

    AccessManagement(AccessQueries queries, VerifiedKeys verified, KeyUses uses, Clock clock) {
        this.queries = queries;
        this.verified = verified;
        this.uses = uses;
        this.clock = clock;
    }

    @Transactional
    public Organization createOrganization(String name) {
        Organization org =
                new Organization(new OrganizationId(Ids.newId("org")), name, null, DEFAULT_LOCALE, Times.now(clock));
        queries.insert(org);
        return org;
    }

    public Optional<Organization> organization(OrganizationId id) {
        return queries.organization(id);
    }

    /** Applies a validated change; an unknown organization is 404. */
    @Transactional
    public Organization updateOrganization(OrganizationId id, OrganizationChanges changes) {
        Organization current = queries.organization(id).orElseThrow(() -> new NotFound("Organization"));
        Organization changed = new Organization(
                current.id(),
                changes.name() == null ? current.name() : changes.name(),
                changes.contactGiven() ? changes.contact() : current.contact(),
                changes.defaultLocale() == null ? current.defaultLocale() : changes.defaultLocale(),
                current.createdAt());
        queries.update(changed);
        return changed;
    }

    /** The organization the bootstrap key belongs to: the oldest one, once there is one. */
    public Optional<Organization> bootstrapOrganization() {
        return queries.oldestOrganization();
    }

    /** The organization, when the service has exactly one (a single organizer's deployment). */
    public Optional<Organization> soleOrganization() {
        List<Organization> firstTwo = queries.firstTwoOrganizations();
        return firstTwo.size() == 1 ? Optional.of(firstTwo.get(0)) : Optional.empty();
    }

    @Transactional
    public IssuedKey issueKey(OrganizationId org, @Nullable String name, Set<Scope> scopes) {
        return issueKey(org, name, scopes, KeyHashing.newSecret());
    }

    @Transactional
    IssuedKey issueKey(OrganizationId org, @Nullable String name, Set<Scope> scopes, String secret) {
        queries.organization(org).orElseThrow(() -> new NotFound("Organization"));
        ApiKey key = new ApiKey(
                Ids.newId("key"),
                org,
                name,
                KeyHashing.displayPrefix(secret),
                Set.copyOf(scopes),
                Times.now(clock),
                null,
                null);
        queries.insert(key, KeyHashing.hash(secret));
        return new IssuedKey(key, secret);
    }

    public List<ApiKey> keys(OrganizationId org) {
        queries.organization(org).orElseThrow(() -> new NotFound("Organization"));
        return queries.keys(org);
    }

    @Transactional
    public void revokeKey(OrganizationId org, String keyId) {
        if (!queries.revoke(org, keyId, Times.db(Instant.now(clock)))) {
            throw new NotFound("API key");
        }
        keysChanged();
    }

    /** The principal of a presented key, if it exists and is not revoked. */
    Optional<ApiPrincipal> authenticate(String secret) {
        Optional<ApiPrincipal> principal = verified.authenticate(
                KeyHashing.hash(secret),
                hash -> queries.activeKeyByHash(hash)
                        .map(k -> new ApiPrincipal(k.id(), k.organizationId(), k.scopes())));
        principal.ifPresent(p -> uses.used(p.keyId()));
        return principal;
    }

    /** In the change's transaction: every instance's cache forgets; this one right after the commit. */
    private void keysChanged() {
        queries.bumpKeyRevision();
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    verified.checkRevision();
                }
            });
        }
    }

    /**
     * Makes sure this exact key works with every scope: restores it when it exists (revoked or
     * narrowed), else attaches it to the oldest organization, creating one when there is none.
     * Instances starting together take turns, so they end with one organization and one key.
     */
    @Transactional
    ApiKey ensureKey(String secret, String organizationName) {
        queries.lockBootstrap();
        Optional<ApiKey> existing = queries.keyByHash(KeyHashing.hash(secret));
        if (existing.isPresent()) {
            queries.restore(existing.get().id(), Scope.all());
            keysChanged();
            return existing.get();
        }
        Organization org = queries.oldestOrganization().orElseGet(() -> createOrganization(organizationName));
        return issueKey(org.id(), "bootstrap", Scope.all(), secret).key();
    }

    /** Names the organization the bootstrap key belongs to (the oldest one), if there is one yet. */
    @Transactional
    void renameBootstrapOrganization(String name) {
        queries.oldestOrganization()
                .filter(org -> !org.name().equals(name))
                .ifPresent(org -> queries.rename(org.id(), name));
    }

    /**
     * Gives the bootstrap organization (the oldest) this contact email, keeping the phone and web
     * address it may have been given through the admin API.
     */
    @Transactional
    void setBootstrapContactEmail(String email) {
        queries.oldestOrganization()
                .filter(org -> org.contact() == null || !org.contact().email().equals(email))
                .ifPresent(org -> {
                    OrganizationContact old = org.contact();
                    queries.update(new Organization(
                            org.id(),
                            org.name(),
                            new OrganizationContact(
                                    email, old == null ? null : old.phone(), old == null ? null : old.url()),
                            org.defaultLocale(),
                            org.createdAt()));
                });
    }

    /**
     * On an empty database: one organization with one fresh all-scope key. Instances starting
     * together take turns; every one after the first finds the organization and does nothing.
     */
    @Transactional
    Optional<IssuedKey> firstKeyIfEmpty(String organizationName) {
        queries.lockBootstrap();
        if (queries.oldestOrganization().isPresent()) {
            return Optional.empty();
        }
        Organization org = createOrganization(organizationName);
        return Optional.of(issueKey(org.id(), "bootstrap", Scope.all()));
    }
}
