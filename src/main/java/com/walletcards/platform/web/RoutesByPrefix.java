package com.walletcards.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.webmvc.autoconfigure.WebMvcRegistrations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.condition.PathPatternsRequestCondition;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;

/**
 * Finds a request's handler without testing every mapping's conditions. A path with variables
 * ({@code /v1/campaigns/{id}}) has no direct match, so Spring MVC tests each of the service's
 * mappings in turn, method, headers, media types and path, each test reading the request through
 * its wrappers: a sixth of a campaign read's CPU. A mapping whose patterns' literal beginnings
 * ({@code /v1/campaigns} for {@code /v1/campaigns/{id}}) do not begin the path cannot match, and
 * is skipped with a string comparison; the others are tested as before, and a request that matches
 * none is judged against all of them (404, 405, 406 as before).
 *
 * <p>The path compared is the raw one; a pattern compares decoded segments without matrix
 * variables, so a path with {@code %} or {@code ;} skips nothing.
 */
@Configuration(proxyBeanMethods = false)
class RoutesByPrefix {

    @Bean
    WebMvcRegistrations mappingsSkippedByPrefix() {
        return new WebMvcRegistrations() {
            @Override
            public RequestMappingHandlerMapping getRequestMappingHandlerMapping() {
                return new Mapping();
            }
        };
    }

    static final class Mapping extends RequestMappingHandlerMapping {

        /** The path of the lookup in progress on this thread; null outside one or when nothing may be skipped. */
        private static final ThreadLocal<String> LOOKUP_PATH = new ThreadLocal<>();

        private static final String[] ANY = new String[0];

        private final Map<RequestMappingInfo, String[]> prefixes = new ConcurrentHashMap<>();

        @Override
        protected HandlerMethod lookupHandlerMethod(String lookupPath, HttpServletRequest request) throws Exception {
            boolean comparable = lookupPath.indexOf('%') < 0 && lookupPath.indexOf(';') < 0;
            LOOKUP_PATH.set(comparable ? lookupPath : null);
            try {
                return super.lookupHandlerMethod(lookupPath, request);
            } finally {
                LOOKUP_PATH.remove();
            }
        }

        @Override
        protected RequestMappingInfo getMatchingMapping(RequestMappingInfo info, HttpServletRequest request) {
            String path = LOOKUP_PATH.get();
            if (path != null && !mayMatch(path, prefixes.computeIfAbsent(info, Mapping::literalPrefixes))) {
                return null;
            }
            return super.getMatchingMapping(info, request);
        }

        private static boolean mayMatch(String path, String[] literalPrefixes) {
            if (literalPrefixes == ANY) {
                return true;
            }
            for (String prefix : literalPrefixes) {
                if (path.startsWith(prefix)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Each pattern's text up to the last separator before its first variable or wildcard:
         * {@code /images/**} also matches {@code /images}, so its prefix is {@code /images}.
         */
        static String[] literalPrefixes(RequestMappingInfo info) {
            PathPatternsRequestCondition condition = info.getPathPatternsCondition();
            if (condition == null || condition.getPatterns().isEmpty()) {
                return ANY;
            }
            String[] result = new String[condition.getPatterns().size()];
            int i = 0;
            for (PathPattern pattern : condition.getPatterns()) {
                result[i++] = literalPrefix(pattern.getPatternString());
            }
            return result;
        }

        static String literalPrefix(String pattern) {
            int special = firstSpecial(pattern);
            if (special < 0) {
                return pattern;
            }
            int separator = pattern.lastIndexOf('/', special);
            return separator <= 0 ? "" : pattern.substring(0, separator);
        }

        private static int firstSpecial(String pattern) {
            for (int i = 0; i < pattern.length(); i++) {
                char c = pattern.charAt(i);
                if (c == '{' || c == '*' || c == '?' || c == '\\') {
                    return i;
                }
            }
            return -1;
        }
    }
}
