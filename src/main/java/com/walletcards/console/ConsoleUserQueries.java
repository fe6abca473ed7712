package com.walletcards.console;

import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The console's users and their set-password links. */
@Repository
class ConsoleUserQueries {

    private static final String COLUMNS = "id, organization_id, email, name, role, created_at";

    private final JdbcClient jdbc;

    ConsoleUserQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(ConsoleUser user) {
        jdbc.sql("INSERT INTO console_users (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)")
                .params(
                        user.id(),
                        user.organizationId().value(),
                        user.email(),
                        user.name(),
                        user.role().name(),
                        Times.db(user.createdAt()))
                .update();
    }

    Optional<ConsoleUser> byEmail(String email) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM console_users WHERE email = ?")
                .param(email)
                .query(ConsoleUserQueries::user)
                .optional();
    }

    Optional<ConsoleUser> byId(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM console_users WHERE id = ?")
                .param(id)
                .query(ConsoleUserQueries::user)
                .optional();
    }

    List<ConsoleUser> ofOrganization(OrganizationId org) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM console_users WHERE organization_id = ? ORDER BY email")
                .param(org.value())
                .query(ConsoleUserQueries::user)
                .list();
    }

    boolean hasOwner(OrganizationId org) {
        return jdbc.sql("SELECT COUNT(*) FROM console_users WHERE organization_id = ? AND role = 'owner'")
                        .param(org.value())
                        .query(Long.class)
                        .single()
                > 0;
    }

    /** The organization's owners, locked until commit: two owners demoting each other take turns. */
    int lockOwners(OrganizationId org) {
        return jdbc.sql("SELECT id FROM console_users WHERE organization_id = ? AND role = 'owner' FOR UPDATE")
                .param(org.value())
                .query(String.class)
                .list()
                .size();
    }

    void setRole(String userId, Role role) {
        jdbc.sql("UPDATE console_users SET role = ? WHERE id = ?")
                .params(role.name(), userId)
                .update();
    }

    /** Deletes the user with their set-password links. */
    void delete(String userId) {
        jdbc.sql("DELETE FROM console_password_links WHERE user_id = ?")
                .param(userId)
                .update();
        jdbc.sql("DELETE FROM console_users WHERE id = ?").param(userId).update();
    }

    @Nullable
    String passwordHash(String email) {
        return jdbc.sql("SELECT password_hash FROM console_users WHERE email = ?")
                .param(email)
                .query((rs, row) -> rs.getString(1))
                .optional()
                .orElse(null);
    }

    void setPassword(String userId, String hash) {
        jdbc.sql("UPDATE console_users SET password_hash = ? WHERE id = ?")
                .params(hash, userId)
                .update();
    }

    void insertLink(String tokenHash, String userId, Instant expiresAt) {
        jdbc.sql("INSERT INTO console_password_links (token_hash, user_id, expires_at) VALUES (?, ?, ?)")
                .params(tokenHash, userId, Times.db(expiresAt))
                .update();
    }

    /** The user of a link that is neither used nor expired. */
    Optional<String> linkUser(String tokenHash, Instant now) {
        return jdbc.sql("SELECT user_id FROM console_password_links"
                        + " WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?")
                .params(tokenHash, Times.db(now))
                .query(String.class)
                .optional();
    }

    /** Spends the link; only one of two concurrent uses wins. */
    boolean useLink(String tokenHash, Instant now) {
        return jdbc.sql("UPDATE console_password_links SET used_at = ?"
                                + " WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?")
                        .params(Times.db(now), tokenHash, Times.db(now))
                        .update()
                == 1;
    }

    private static ConsoleUser user(ResultSet rs, int row) throws SQLException {
        return new ConsoleUser(
                rs.getString("id"),
                new OrganizationId(rs.getString("organization_id")),
                rs.getString("email"),
                rs.getString("name"),
                Role.valueOf(rs.getString("role")),
                rs.getObject("created_at", java.time.OffsetDateTime.class).toInstant());
    }
}
