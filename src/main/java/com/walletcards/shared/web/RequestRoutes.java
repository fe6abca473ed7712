package com.walletcards.shared.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.MDC;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Puts the matched route ({@code GET /v1/campaigns/{id}}) into the logging context once the
 * handler is known, so operators can group log lines by endpoint rather than by concrete path.
 * Never the raw path: a card page's path holds the card's download code, which is a credential.
 * {@link RequestIds} removes it when the request ends.
 */
@Configuration(proxyBeanMethods = false)
class RequestRoutes implements WebMvcConfigurer, HandlerInterceptor {

    static final String MDC_KEY = "route";

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        if (pattern != null) {
            MDC.put(MDC_KEY, request.getMethod() + " " + pattern);
        }
        return true;
    }
}
