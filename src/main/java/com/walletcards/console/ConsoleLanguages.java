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

    /** The request attribute with the language a request chose itself. */
    private static final String CHOSEN = ConsoleLanguages.class.getName() + ".chosen";

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        // The links at the bottom of every page say ?lang=…; the interceptor's default is ?locale=….
        LocaleChangeInterceptor choice = new LocaleChangeInterceptor();
        choice.setParamName("lang");
        registry.addInterceptor(choice).addPathPatterns("/console/**");
    }

    @Bean
    LocaleResolver localeResolver() {
        return new LocaleResolver() {
            @Override
            public Locale resolveLocale(HttpServletRequest request) {
                if (!request.getRequestURI().startsWith("/console")) {
                    return request.getLocale();
                }
                // The choice made by this very request (?lang=de) is not in its cookies yet.
                if (request.getAttribute(CHOSEN) instanceof String chosen) {
                    return Locale.forLanguageTag(chosen);
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
                request.setAttribute(CHOSEN, language);
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
