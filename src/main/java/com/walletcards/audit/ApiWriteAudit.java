package com.walletcards.audit;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.ApiKey;
import com.walletcards.access.ApiPrincipal;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.web.ErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.util.ContentCachingRequestWrapper;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * Records every successful write of {@code /v1} and {@code /admin/v1} (ADR 0040). The answer is
 * held back until the event is stored: a crash after the write's commit and before the event
 * leaves that write unacknowledged, so an acknowledged write always has its event. A write whose
 * event cannot be stored is answered 503 (it did happen; the caller may look before retrying).
 * Runs after the security filters, so an idempotent replay, answered there, is never recorded
 * again, and refused requests (no key, no scope) never reach it.
 */
@Configuration(proxyBeanMethods = false)
class ApiWriteAudit extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(ApiWriteAudit.class);
    private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH", "DELETE");
    private static final int BODY_LIMIT = 64 * 1024;

    private final AuditTrail trail;
    private final AccessManagement access;
    private final ErrorResponses errors;

    ApiWriteAudit(AuditTrail trail, AccessManagement access, ErrorResponses errors) {
        this.trail = trail;
        this.access = access;
        this.errors = errors;
    }

    @Bean
    static FilterRegistrationBean<ApiWriteAudit> apiWriteAuditRegistration(ApiWriteAudit filter) {
        FilterRegistrationBean<ApiWriteAudit> registration = new FilterRegistrationBean<>(filter);
        registration.addUrlPatterns("/v1/*", "/admin/v1/*");
        return registration;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !WRITES.contains(request.getMethod());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HttpServletRequest readable =
                "PATCH".equals(request.getMethod()) ? new ContentCachingRequestWrapper(request, BODY_LIMIT) : request;
        ContentCachingResponseWrapper held = new ContentCachingResponseWrapper(response);
        try {
            chain.doFilter(readable, held);
            int status = held.getStatus();
            if (status >= 200 && status < 300) {
                try {
                    record(readable, held);
                } catch (RuntimeException notRecorded) {
                    log.error("A write succeeded but its audit event could not be stored; answering 503", notRecorded);
                    held.reset();
                    errors.write(
                            request,
                            held,
                            ErrorCode.SERVICE_UNAVAILABLE,
                            "The change was made but could not be recorded in the audit log; check before retrying");
                }
            }
        } finally {
            held.copyBodyToResponse();
        }
    }

    private void record(HttpServletRequest request, ContentCachingResponseWrapper response) {
        String pattern = (String) request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        if (pattern == null) {
            return; // not a controller route (a static resource, an error page)
        }
        Optional<ApiWriteActions.Rule> found = ApiWriteActions.rule(request.getMethod(), pattern);
        if (found.isEmpty()) {
            return;
        }
        ApiWriteActions.Rule rule = found.get();
        Map<String, String> variables = pathVariables(request);
        Map<String, Object> data = data(response);
        boolean admin = request.getRequestURI().startsWith(request.getContextPath() + "/admin/");
        ApiPrincipal principal = principal();
        if (!admin && principal == null) {
            return; // public callbacks: no one to name as the actor
        }
        String targetId = switch (rule.target()) {
            case ApiWriteActions.CREATED -> String.valueOf(data.getOrDefault("id", ""));
            case "@route" -> pattern;
            default -> variables.getOrDefault(rule.target(), "");
        };
        OrganizationId org;
        AuditActor actor;
        if (admin) {
            String orgId = variables.getOrDefault("orgId", "organization".equals(rule.targetType()) ? targetId : "");
            if (orgId.isEmpty()) {
                return;
            }
            org = new OrganizationId(orgId);
            actor = AuditActor.admin();
        } else {
            org = principal.organizationId();
            actor = AuditActor.apiKey(principal.keyId(), keyName(principal));
        }
        trail.record(
                org,
                actor,
                rule.action(),
                new AuditTarget(rule.targetType(), targetId),
                detail(request, rule, variables, data));
    }

    /** Ids of the other path variables, the changed field names of a PATCH, a bulk write's counts. */
    private static String detail(
            HttpServletRequest request,
            ApiWriteActions.Rule rule,
            Map<String, String> variables,
            Map<String, Object> data) {
        Map<String, Object> detail = new LinkedHashMap<>();
        variables.forEach((name, value) -> {
            if (!name.equals(rule.target()) && !name.equals("orgId")) {
                detail.put(name, value);
            }
        });
        if (request instanceof ContentCachingRequestWrapper patch) {
            Map<String, Object> body = readMap(new String(patch.getContentAsByteArray(), StandardCharsets.UTF_8));
            detail.put("fields", new TreeSet<>(body.keySet()));
        }
        if (rule.action().equals("recipients.imported") && data.get("id") != null) {
            detail.put("importId", data.get("id"));
        }
        if (rule.counts()) {
            data.forEach((name, value) -> {
                if (value instanceof Number) {
                    detail.put(name, value);
                }
            });
        }
        return Json.write(detail);
    }

    private String keyName(ApiPrincipal principal) {
        return access.keys(principal.organizationId()).stream()
                .filter(k -> k.id().equals(principal.keyId()))
                .findFirst()
                .map(ApiWriteAudit::name)
                .orElse(principal.keyId());
    }

    private static String name(ApiKey key) {
        return key.name() != null && !key.name().isBlank() ? key.name() : key.prefix();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> pathVariables(HttpServletRequest request) {
        Object variables = request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
        return variables instanceof Map<?, ?> map ? new LinkedHashMap<>((Map<String, String>) map) : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(ContentCachingResponseWrapper response) {
        String contentType = response.getContentType();
        if (contentType == null || !contentType.contains("json")) {
            return Map.of();
        }
        Object data = readMap(new String(response.getContentAsByteArray(), StandardCharsets.UTF_8))
                .get("data");
        return data instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    private static Map<String, Object> readMap(String json) {
        try {
            return Json.readMap(json);
        } catch (RuntimeException notAnObject) {
            return Map.of();
        }
    }

    private static @Nullable ApiPrincipal principal() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof ApiPrincipal principal
                ? principal
                : null;
    }
}
