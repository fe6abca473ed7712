package com.walletcards.console;

import com.walletcards.shared.Envelope;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Console users, for operators holding WALLET_ADMIN_TOKEN (the admin chain guards the path). */
@RestController
class AdminUsersController {

    private final UserInvites invites;

    AdminUsersController(UserInvites invites) {
        this.invites = invites;
    }

    @Schema(name = "CreateConsoleUserRequest")
    record CreateUser(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "email", example = "ada@example.com")
            @Nullable
            String email,

            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    minLength = 1,
                    maxLength = 200,
                    example = "Ada Lovelace")
            @Nullable
            String name,

            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    allowableValues = {"viewer", "editor", "owner"})
            @Nullable
            String role) {}

    @Schema(name = "CreatedConsoleUser")
    record CreatedUser(
            String id,
            String email,
            String name,

            @Schema(allowableValues = {"viewer", "editor", "owner"})
            String role,

            Instant createdAt,

            @Schema(description = "One-time link that sets the user's password; shown only here and in the email")
            String passwordLink) {}

    @PostMapping(path = "/admin/v1/organizations/{orgId}/users", consumes = "application/json")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(
            operationId = "createConsoleUser",
            summary = "Add a console user",
            description = "The user signs in to the console with the role given. The answer holds a one-time link"
                    + " (also emailed to the user) with which they set their password.")
    Envelope<CreatedUser> create(@PathVariable String orgId, @RequestBody CreateUser body) {
        Validation v = new Validation();
        String email = v.email("email", body.email(), true);
        String name = v.requiredText("name", body.name(), 200);
        Role role = body.role() == null ? null : Role.parse(body.role()).orElse(null);
        if (role == null) {
            v.reject("role", "must be one of viewer, editor, owner");
        }
        v.throwIfInvalid();
        NewUser added = invites.add(new OrganizationId(orgId), email, name, role, AuditLog.Actor.admin());
        ConsoleUser u = added.user();
        return Envelope.of(
                new CreatedUser(u.id(), u.email(), u.name(), u.role().name(), u.createdAt(), added.passwordLink()));
    }
}
