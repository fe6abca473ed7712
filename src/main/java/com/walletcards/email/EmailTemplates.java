package com.walletcards.email;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;
import org.thymeleaf.templateresolver.ITemplateResolver;

/**
 * Plain-text templates ({@code *.txt}) beside Spring Boot's HTML ones: the text part of an email
 * is a template too, so it can never drift from the HTML part into saying less.
 */
@Configuration(proxyBeanMethods = false)
class EmailTemplates {

    @Bean
    ITemplateResolver textTemplates() {
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
        resolver.setPrefix("templates/");
        resolver.setResolvablePatterns(Set.of("*.txt"));
        resolver.setTemplateMode(TemplateMode.TEXT);
        resolver.setCharacterEncoding(StandardCharsets.UTF_8.name());
        resolver.setCheckExistence(true);
        // Before Spring Boot's HTML resolver, which would otherwise claim every name.
        resolver.setOrder(1);
        return resolver;
    }
}
