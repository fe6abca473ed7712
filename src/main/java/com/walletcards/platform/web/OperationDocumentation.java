package com.walletcards.platform.web;

import com.walletcards.shared.web.FailsWith;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.customizers.GlobalOperationCustomizer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.method.HandlerMethod;

/**
 * Documents what only the handler method knows: the scopes it requires, read from the very
 * {@code @PreAuthorize} rule that enforces them (so the reference cannot drift from the check),
 * and its {@link FailsWith} error codes, which {@link DocumentedErrors} turns into responses.
 */
class OperationDocumentation implements GlobalOperationCustomizer {

    static final String SCOPES = "x-required-scopes";
    static final String DECLARED_ERRORS = "x-declared-errors";
    private static final Pattern AUTHORITY = Pattern.compile("hasAuthority\\('([^']+)'\\)");

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        List<String> scopes = scopes(handler);
        if (!scopes.isEmpty()) {
            // Bearer schemes have no scopes in OpenAPI; they are named in the description and in an extension.
            operation.setSecurity(List.of(new SecurityRequirement().addList(ApiDocumentation.API_KEY)));
            operation.addExtension(SCOPES, scopes);
            operation.setDescription(join(
                    operation.getDescription(),
                    "Requires the scope" + (scopes.size() > 1 ? "s " : " ") + "`" + String.join("`, `", scopes)
                            + "`."));
        }
        FailsWith failures = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), FailsWith.class);
        if (failures != null) {
            operation.addExtension(
                    DECLARED_ERRORS,
                    Arrays.stream(failures.value()).map(Enum::name).toList());
        }
        return operation;
    }

    private static List<String> scopes(HandlerMethod handler) {
        PreAuthorize rule = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), PreAuthorize.class);
        if (rule == null) {
            rule = AnnotatedElementUtils.findMergedAnnotation(handler.getBeanType(), PreAuthorize.class);
        }
        return rule == null
                ? List.of()
                : AUTHORITY.matcher(rule.value()).results().map(m -> m.group(1)).toList();
    }

    private static String join(@Nullable String description, String sentence) {
        return description == null || description.isBlank() ? sentence : description + "\n\n" + sentence;
    }
}
