package com.walletcards.access.web;

import com.walletcards.access.ApiPrincipal;
import com.walletcards.shared.OrganizationId;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Lets controllers take the caller's {@link OrganizationId} as a plain parameter, so the
 * organization is explicit in every call below the controller (no thread-local tenant).
 */
@Configuration(proxyBeanMethods = false)
class CurrentOrganization implements WebMvcConfigurer, HandlerMethodArgumentResolver {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(this);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == OrganizationId.class;
    }

    @Override
    public Object resolveArgument(
            MethodParameter parameter,
            ModelAndViewContainer mav,
            NativeWebRequest request,
            WebDataBinderFactory binder) {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication != null && authentication.getPrincipal() instanceof ApiPrincipal principal) {
            return principal.organizationId();
        }
        throw new IllegalStateException("No API principal on an authenticated endpoint");
    }
}
