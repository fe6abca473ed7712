package com.walletcards.access;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class AccessQueries {

    private final JdbcClient jdbc;

    AccessQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Organization org) {
        jdbc.sql("INSERT INTO organizations (id, name, default_locale, created_at) VALUES (?, ?, ?, ?)")
                .params(org.id().value(), org.name(), org.defaultLocale().getLanguage(), Times.db(org.createdAt()))
                .update();
    }

    /** Writes the organization's name, contact and language as they are now. */
    boolean update(Organization org) {
        OrganizationContact contact = org.contact();
        return jdbc.sql("""
            UPDATE organizations
               SET name = ?, contact_email = ?, contact_phone = ?, contact_url = ?, default_locale = ?
             WHERE id = ?""")
                        .params(
                                org.name(),
                                contact == null ? null : contact.email(),
                                contact == null ? null : contact.phone(),
                                contact == null ? null : contact.url(),
                                org.defaultLocale().getLanguage(),
                                org.id().value())
                        .update()
                > 0;
    }

    Optional<Organization> organization(OrganizationId id) {
        return jdbc.sql(SELECT_ORGANIZATION + " WHERE id = ?")
                .param(id.value())
                .query(AccessQueries::organization)
                .optional();
    }

    /**
     * Waits for, then holds until commit, the lock that serializes start-up bootstrapping across
     * instances; the row exists from the migration on (V10_3).
     */
    void lockBootstrap() {
        jdbc.sql("SELECT name FROM start_up_locks WHERE name = 'bootstrap' FOR UPDATE")
                .query(String.class)
                .single();
    }

    Optional<Organization> oldestOrganization() {
        return jdbc.sql(SELECT_ORGANIZATION + " ORDER BY id LIMIT 1")
                .query(AccessQueries::organization)
                .optional();
    }

    /** At most two organizations, oldest first: enough to tell whether there is exactly one. */
    List<Organization> firstTwoOrganizations() {
        return jdbc.sql(SELECT_ORGANIZATION + " ORDER BY id LIMIT 2")
                .query(AccessQueries::organization)
                .list();
    }

    void rename(OrganizationId id, String name) {
        jdbc.sql("UPDATE organizations SET name = ? WHERE id = ?")
                .params(name, id.value())
                .update();
    }

    void insert(ApiKey key, String hash) {
        jdbc.sql("""
            INSERT INTO api_keys (id, organization_id, name, prefix, key_hash, scopes, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)""")
                .params(
                        key.id(),
                        key.organizationId().value(),
                        key.name(),
                        key.prefix(),
                        hash,
                        join(key.scopes()),
                        Times.db(key.createdAt()))
                .update();
    }

    Optional<ApiKey> activeKeyByHash(String hash) {
        return jdbc.sql(SELECT_KEY + " WHERE key_hash = ? AND revoked_at IS NULL")
                .param(hash)
                .query(AccessQueries::key)
                .optional();
    }

    Optional<ApiKey> keyByHash(String hash) {
        return jdbc.sql(SELECT_KEY + " WHERE key_hash = ?")
                .param(hash)
                .query(AccessQueries::key)
                .optional();
    }

    List<ApiKey> keys(OrganizationId org) {
        return jdbc.sql(SELECT_KEY + " WHERE organization_id = ? ORDER BY id")
                .param(org.value())
                .query(AccessQueries::key)
                .list();
    }

    void restore(String keyId, Set<Scope> scopes) {
        jdbc.sql("UPDATE api_keys SET scopes = ?, revoked_at = NULL WHERE id = ?")
                .params(join(scopes), keyId)
                .update();
    }

    boolean revoke(OrganizationId org, String keyId, OffsetDateTime at) {
        return jdbc.sql(
                                "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND organization_id = ? AND revoked_at IS NULL")
                        .params(at, keyId, org.value())
                        .update()
                > 0;
    }

    /** Moves the key's last use forward (never back, when instances write out of order). */
    void used(String keyId, OffsetDateTime at) {
        jdbc.sql("UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)")
                .params(at, keyId, at)
                .update();
    }

    /** Tells every instance's key cache to forget: run in the transaction of the change. */
    void bumpKeyRevision() {
        jdbc.sql("UPDATE api_key_revision SET revision = revision + 1 WHERE id = 1")
                .update();
    }

    long keyRevision() {
        return jdbc.sql("SELECT revision FROM api_key_revision WHERE id = 1")
                .query(Long.class)
                .single();
    }

    private static final String SELECT_ORGANIZATION =
            "SELECT id, name, contact_email, contact_phone, contact_url, default_locale, created_at FROM organizations";

    private static final String SELECT_KEY =
            "SELECT id, organization_id, name, prefix, scopes, created_at, revoked_at, last_used_at FROM api_keys";

    private static String join(Set<Scope> scopes) {
        return scopes.stream().map(Scope::value).sorted().collect(Collectors.joining(" "));
    }

    private static Organization organization(ResultSet rs, int row) throws SQLException {
        String email = rs.getString("contact_email");
        return new Organization(
                new OrganizationId(rs.getString("id")),
                rs.getString("name"),
                email == null
                        ? null
                        : new OrganizationContact(email, rs.getString("contact_phone"), rs.getString("contact_url")),
                Locale.forLanguageTag(rs.getString("default_locale")),
                rs.getObject("created_at", OffsetDateTime.class).toInstant());
    }

    private static ApiKey key(ResultSet rs, int row) throws SQLException {
        OffsetDateTime revoked = rs.getObject("revoked_at", OffsetDateTime.class);
        OffsetDateTime used = rs.getObject("last_used_at", OffsetDateTime.class);
        Set<Scope> scopes = Arrays.stream(rs.getString("scopes").split(" "))
                .map(Scope::parse)
                .flatMap(Optional::stream)
                .collect(Collectors.toUnmodifiableSet());
        return new ApiKey(
                rs.getString("id"),
                new OrganizationId(rs.getString("organization_id")),
                rs.getString("name"),
                rs.getString("prefix"),
                scopes,
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                revoked == null ? null : revoked.toInstant(),
                used == null ? null : used.toInstant());
    }
}
