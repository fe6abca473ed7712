package com.walletcards.console;

import com.walletcards.shared.web.HolderLanguages;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.LocaleResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.i18n.LocaleChangeInterceptor;

/**
 * The console speaks English or German: the user's choice ({@code ?lang=de}, kept in a cookie),
 * else the browser's {@code Accept-Language}. Other paths keep the container's reading of the
 * request; their pages choose their language themselves.
 */
@Configuration(proxyBeanMethods = false)
class ConsoleLanguages implements WebMvcConfigurer {

    static final String COOKIE = "wallet_console_lang";

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        // The links at the bottom of every page say ?lang=de; Spring's default parameter is "locale".
        LocaleChangeInterceptor change = new LocaleChangeInterceptor();
        change.setParamName("lang");
        registry.addInterceptor(change).addPathPatterns("/console/**");
    }

    @Bean
    LocaleResolver localeResolver() {
        return new LocaleResolver() {
            @Override
            public Locale resolveLocale(HttpServletRequest request) {
                if (!request.getRequestURI().startsWith("/console")) {
                    return request.getLocale();
                }
                // Chosen by this very request (?lang=): its page speaks the new language already.
                if (request.getAttribute(COOKIE) instanceof Locale chosen) {
                    return chosen;
                }
                Cookie[] cookies = request.getCookies();
                if (cookies != null) {
                    for (Cookie c : cookies) {
                        if (COOKIE.equals(c.getName()) && ("en".equals(c.getValue()) || "de".equals(c.getValue()))) {
                            return Locale.forLanguageTag(c.getValue());
                        }
                    }
                }
                return HolderLanguages.of(request.getHeader("Accept-Language"));
            }

            @Override
            public void setLocale(
                    HttpServletRequest request, @Nullable HttpServletResponse response, @Nullable Locale locale) {
                if (response == null || locale == null) {
                    return;
                }
                String language = Locale.GERMAN.getLanguage().equals(locale.getLanguage()) ? "de" : "en";
                request.setAttribute(COOKIE, Locale.forLanguageTag(language));
                Cookie cookie = new Cookie(COOKIE, language);
                cookie.setPath("/console");
                cookie.setHttpOnly(true);
                cookie.setMaxAge(365 * 24 * 3600);
                cookie.setAttribute("SameSite", "Lax");
                response.addCookie(cookie);
            }
        };
    }
}
