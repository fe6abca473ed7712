package com.walletcards.console;

import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * An owner changes a user's role or removes them, each after a confirmation page that says what
 * follows. Another organization's user is 404; the last owner stays, with a message saying why.
 */
@Controller
class TeamPages {

    private final ConsoleUsers users;
    private final Team team;

    TeamPages(ConsoleUsers users, Team team) {
        this.users = users;
        this.team = team;
    }

    /** The users page's role form lands here (a GET, so it works without scripts). */
    @GetMapping("/console/users/{userId}/role")
    String confirmRole(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String userId,
            @RequestParam(required = false) @Nullable String role,
            Model model,
            HttpServletResponse response) {
        ConsoleWrites.requireOwner(user);
        ConsoleUser member = users.member(user.organization(), userId);
        Role chosen = role == null ? null : Role.parse(role).orElse(null);
        if (chosen == null) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("problem", "console.team.invalidRole");
            chosen = member.role();
        }
        return confirmation(user, member, "role", chosen, model);
    }

    @PostMapping("/console/users/{userId}/role")
    String changeRole(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String userId,
            @RequestParam(required = false) @Nullable String role,
            Model model,
            HttpServletResponse response,
            RedirectAttributes flash) {
        ConsoleWrites.requireOwner(user);
        ConsoleUser member = users.member(user.organization(), userId);
        Role chosen = role == null ? null : Role.parse(role).orElse(null);
        if (chosen == null) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("problem", "console.team.invalidRole");
            return confirmation(user, member, "role", member.role(), model);
        }
        try {
            team.changeRole(user.organization(), userId, chosen, AuditLog.Actor.user(user));
        } catch (ConsoleUsers.LastOwner refused) {
            response.setStatus(HttpServletResponse.SC_CONFLICT);
            model.addAttribute("problem", "console.team.lastOwner");
            model.addAttribute("refused", true);
            return confirmation(user, member, "role", chosen, model);
        }
        if (member.id().equals(user.userId()) && chosen != Role.owner) {
            // No longer an owner, the user would be refused the users page.
            return "redirect:/console/campaigns";
        }
        flash.addFlashAttribute("changed", member.email());
        return "redirect:/console/users";
    }

    @GetMapping("/console/users/{userId}/remove")
    String confirmRemoval(@AuthenticationPrincipal SignedIn user, @PathVariable String userId, Model model) {
        ConsoleWrites.requireOwner(user);
        ConsoleUser member = users.member(user.organization(), userId);
        return confirmation(user, member, "remove", member.role(), model);
    }

    @PostMapping("/console/users/{userId}/remove")
    String remove(
            @AuthenticationPrincipal SignedIn user,
            @PathVariable String userId,
            Model model,
            HttpServletResponse response,
            RedirectAttributes flash) {
        ConsoleWrites.requireOwner(user);
        ConsoleUser member = users.member(user.organization(), userId);
        if (member.id().equals(user.userId())) {
            // Signing oneself out by removal is left to another owner, who sees it happen.
            response.setStatus(HttpServletResponse.SC_CONFLICT);
            model.addAttribute("problem", "console.team.self");
            return confirmation(user, member, "remove", member.role(), model);
        }
        try {
            team.remove(user.organization(), userId, AuditLog.Actor.user(user));
        } catch (ConsoleUsers.LastOwner refused) {
            response.setStatus(HttpServletResponse.SC_CONFLICT);
            model.addAttribute("problem", "console.team.lastOwner");
            model.addAttribute("refused", true);
            return confirmation(user, member, "remove", member.role(), model);
        }
        flash.addFlashAttribute("removed", member.email());
        return "redirect:/console/users";
    }

    private static String confirmation(SignedIn user, ConsoleUser member, String action, Role role, Model model) {
        model.addAttribute("user", user.view());
        model.addAttribute(
                "member",
                new com.walletcards.console.view.UserRow(
                        member.id(),
                        member.email(),
                        member.name(),
                        member.role().name(),
                        member.id().equals(user.userId())));
        model.addAttribute("action", action);
        model.addAttribute("role", role.name());
        return "console/user-confirm";
    }
}
