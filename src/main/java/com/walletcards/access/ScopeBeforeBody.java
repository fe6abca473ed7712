package com.walletcards.access;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.authorization.AuthorizationDeniedException;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.authorization.method.PreAuthorizeAuthorizationManager;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.util.SimpleMethodInvocation;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Checks an endpoint's scope ({@link RequiresScope}) as soon as the endpoint is known, before its
 * body is read. Method security checks it again at the call, but only after the arguments are
 * resolved: a key without the scope sending a malformed body would hear 400 about the body
 * instead of 403, and learn what the endpoint accepts. The same expression is evaluated, so the
 * two checks cannot disagree.
 */
@Configuration(proxyBeanMethods = false)
class ScopeBeforeBody implements WebMvcConfigurer, HandlerInterceptor {

    private final PreAuthorizeAuthorizationManager scopes = new PreAuthorizeAuthorizationManager();

    /**
     * Whether each handler method carries a scope, found once: searching its annotations on every
     * request cost more than the scope check itself.
     */
    private final Map<Handler, Boolean> scoped = new ConcurrentHashMap<>();

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this).addPathPatterns("/v1/**");
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof HandlerMethod method)
                || !scoped.computeIfAbsent(
                        new Handler(method.getBeanType(), method.getMethod()), h -> requiresScope(method))) {
            return true;
        }
        AuthorizationResult result = scopes.authorize(
                () -> SecurityContextHolder.getContext().getAuthentication(),
                new SimpleMethodInvocation(method.getBean(), method.getMethod()));
        if (result != null && !result.isGranted()) {
            throw new AuthorizationDeniedException("The API key lacks the scope this endpoint needs", result);
        }
        return true;
    }

    private static boolean requiresScope(HandlerMethod method) {
        return AnnotatedElementUtils.hasAnnotation(method.getMethod(), PreAuthorize.class)
                || AnnotatedElementUtils.hasAnnotation(method.getBeanType(), PreAuthorize.class);
    }

    private record Handler(Class<?> beanType, Method method) {}
}
