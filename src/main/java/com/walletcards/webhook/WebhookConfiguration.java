package com.walletcards.webhook;

import java.net.InetAddress;
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

    /** The system's DNS; the one lookup per attempt whose answer is checked and then used. */
    @Bean
    TargetPolicy.Resolver webhookResolver() {
        return InetAddress::getAllByName;
    }

    @Bean
    TargetPolicy webhookTargetPolicy(WebhookProperties properties, TargetPolicy.Resolver webhookResolver) {
        return new TargetPolicy(properties.allowPrivateTargets(), webhookResolver);
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
