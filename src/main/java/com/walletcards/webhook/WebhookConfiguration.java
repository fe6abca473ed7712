package com.walletcards.webhook;

import java.security.SecureRandom;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The webhook module's configured building blocks. */
@Configuration(proxyBeanMethods = false)
class WebhookConfiguration {

    @Bean
    SecretBox webhookSecretBox(WebhookProperties properties) {
        return new SecretBox(SecretKeys.load(properties));
    }

    @Bean
    TargetPolicy webhookTargetPolicy(WebhookProperties properties) {
        return TargetPolicy.of(properties);
    }

    @Bean
    WebhookSender webhookSender(WebhookProperties properties) {
        return new WebhookSender(properties.requestTimeout(), properties.maxResponseBytes());
    }

    @Bean
    RetrySchedule webhookRetrySchedule(WebhookProperties properties) {
        return new RetrySchedule(properties.retryDelays(), properties.jitter(), new SecureRandom());
    }
}
