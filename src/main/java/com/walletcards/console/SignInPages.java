package com.walletcards.console;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The sign-in page, the set-password page behind a one-time link, and the console's stylesheet. */
@Controller
class SignInPages {

    private final ConsoleUsers users;
    private final ConsoleSingleSignOn singleSignOn;

    SignInPages(ConsoleUsers users, ConsoleSingleSignOn singleSignOn) {
        this.users = users;
        this.singleSignOn = singleSignOn;
    }

    @GetMapping({"/console", "/console/"})
    String home() {
        return "redirect:/console/campaigns";
    }

    @GetMapping("/console/sign-in")
    String signIn(Model model) {
        return signInPage(model);
    }

    /** Reached only by forward from {@link ThrottledSignIn}, which set the status and Retry-After. */
    @PostMapping("/console/sign-in/throttled")
    String throttled(HttpServletRequest request, Model model) {
        model.addAttribute("waitSeconds", request.getAttribute(ThrottledSignIn.WAIT_ATTRIBUTE));
        return signInPage(model);
    }

    /** The page, with the single sign-on button when a provider is configured. */
    private String signInPage(Model model) {
        model.addAttribute("singleSignOn", singleSignOn.enabled() ? ConsoleSingleSignOn.START : null);
        model.addAttribute("provider", singleSignOn.providerName());
        return "console/sign-in";
    }

    @GetMapping("/console/password/{token}")
    String passwordForm(@PathVariable String token, Model model, HttpServletResponse response) {
        Optional<ConsoleUser> user = users.linkHolder(token);
        if (user.isEmpty()) {
            response.setStatus(HttpServletResponse.SC_GONE);
            return "console/link-spent";
        }
        model.addAttribute("email", user.get().email());
        model.addAttribute("token", token);
        return "console/password";
    }

    @PostMapping("/console/password/{token}")
    String setPassword(
            @PathVariable String token,
            @RequestParam(required = false) @Nullable String password,
            @RequestParam(required = false) @Nullable String repeated,
            Model model,
            HttpServletResponse response) {
        Optional<ConsoleUser> holder = users.linkHolder(token);
        if (holder.isEmpty()) {
            response.setStatus(HttpServletResponse.SC_GONE);
            return "console/link-spent";
        }
        String problem = null;
        if (password == null
                || password.length() < ConsoleUsers.MIN_PASSWORD_LENGTH
                || password.length() > ConsoleUsers.MAX_PASSWORD_LENGTH) {
            problem = "console.password.tooShort";
        } else if (!password.equals(repeated)) {
            problem = "console.password.mismatch";
        }
        if (problem != null) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("email", holder.get().email());
            model.addAttribute("token", token);
            model.addAttribute("problem", problem);
            return "console/password";
        }
        if (users.setPassword(token, password).isEmpty()) {
            response.setStatus(HttpServletResponse.SC_GONE);
            return "console/link-spent";
        }
        return "redirect:/console/sign-in?password-set";
    }

    @GetMapping("/console/assets/console.css")
    ResponseEntity<Resource> stylesheet() {
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "css"))
                .cacheControl(CacheControl.noCache())
                .body(new ClassPathResource("console/console.css"));
    }
}
