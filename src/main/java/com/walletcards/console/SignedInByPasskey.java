package com.walletcards.console;

import java.util.List;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.authentication.WebAuthnAuthenticationProvider;
import org.springframework.security.web.webauthn.authentication.WebAuthnAuthenticationRequestToken;

/**
 * Spring Security's passkey check, whose result then carries the user as {@link SignedIn}, just
 * like a password sign-in: the pages, the audit log and the sign-out know only that principal.
 */
final class SignedInByPasskey implements AuthenticationProvider {

    private final WebAuthnAuthenticationProvider webAuthn;
    private final ConsoleUsers users;

    SignedInByPasskey(WebAuthnAuthenticationProvider webAuthn, ConsoleUsers users) {
        this.webAuthn = webAuthn;
        this.users = users;
    }

    @Override
    public Authentication authenticate(Authentication authentication) throws AuthenticationException {
        Authentication verified = webAuthn.authenticate(authentication);
        PublicKeyCredentialUserEntity entity = (PublicKeyCredentialUserEntity) verified.getPrincipal();
        ConsoleUser user = users.byId(entity.getName())
                .orElseThrow(() -> new BadCredentialsException("The passkey's user no longer exists"));
        return UsernamePasswordAuthenticationToken.authenticated(
                SignedIn.of(user),
                null,
                List.of(new SimpleGrantedAuthority("ROLE_" + user.role().name())));
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return WebAuthnAuthenticationRequestToken.class.isAssignableFrom(authentication);
    }
}
