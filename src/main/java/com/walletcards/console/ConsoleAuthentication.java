package com.walletcards.console;

import java.util.List;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Email and password against the stored Argon2id hash. An unknown email, and a user who has not
 * set a password yet, count as not found, for which the provider still hashes a dummy password:
 * both answers take about as long as a wrong password does. A successful sign-in carries the
 * user as {@link SignedIn}.
 */
final class ConsoleAuthentication extends DaoAuthenticationProvider {

    private final ConsoleUsers users;

    ConsoleAuthentication(ConsoleUsers users, PasswordEncoder passwords) {
        super(email -> account(users, email));
        this.users = users;
        setPasswordEncoder(passwords);
    }

    private static UserDetails account(ConsoleUsers users, String email) {
        ConsoleUser user = users.byEmail(email).orElseThrow(() -> new UsernameNotFoundException("unknown"));
        String hash = users.passwordHash(user).orElseThrow(() -> new UsernameNotFoundException("no password"));
        return User.withUsername(user.email())
                .password(hash)
                .authorities("ROLE_" + user.role().name())
                .build();
    }

    @Override
    protected Authentication createSuccessAuthentication(
            Object principal, Authentication authentication, UserDetails account) {
        ConsoleUser user = users.byEmail(account.getUsername()).orElseThrow();
        return UsernamePasswordAuthenticationToken.authenticated(
                SignedIn.of(user),
                null,
                List.of(new SimpleGrantedAuthority("ROLE_" + user.role().name())));
    }
}
