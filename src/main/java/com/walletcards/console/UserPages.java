package com.walletcards.console;

import com.walletcards.console.view.UserRow;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.Validation;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The organization's users; owners add users here, and reach each user's role change and removal
 * ({@link TeamPages}). Editors and viewers see no link and are answered 403.
 */
@Controller
class UserPages {

    private final ConsoleUsers users;
    private final UserInvites invites;

    UserPages(ConsoleUsers users, UserInvites invites) {
        this.users = users;
        this.invites = invites;
    }

    @GetMapping("/console/users")
    String list(@AuthenticationPrincipal SignedIn user, Model model) {
        ConsoleWrites.requireOwner(user);
        return page(user, model);
    }

    @PostMapping("/console/users")
    String add(
            @AuthenticationPrincipal SignedIn user,
            @RequestParam(required = false) @Nullable String email,
            @RequestParam(required = false) @Nullable String name,
            @RequestParam(required = false) @Nullable String role,
            Model model,
            HttpServletResponse response) {
        ConsoleWrites.requireOwner(user);
        Validation v = new Validation();
        String validEmail = v.email("email", email, true);
        String validName = v.requiredText("name", name, 200);
        Role validRole = role == null ? null : Role.parse(role).orElse(null);
        if (validEmail == null || validName == null || validRole == null || v.hasErrors()) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("problem", "console.users.invalid");
            return page(user, model);
        }
        try {
            NewUser added =
                    invites.add(user.organization(), validEmail, validName, validRole, AuditLog.Actor.user(user));
            model.addAttribute("added", added.user().email());
        } catch (ApiException refused) {
            response.setStatus(HttpServletResponse.SC_CONFLICT);
            model.addAttribute("problem", "console.users.exists");
        }
        return page(user, model);
    }

    private String page(SignedIn user, Model model) {
        model.addAttribute("user", user.view());
        model.addAttribute(
                "users",
                users.of(user.organization()).stream()
                        .map(u -> new UserRow(
                                u.id(), u.email(), u.name(), u.role().name(), u.id().equals(user.userId())))
                        .toList());
        model.addAttribute(
                "roles", java.util.Arrays.stream(Role.values()).map(Role::name).toList());
        return "console/users";
    }
}
