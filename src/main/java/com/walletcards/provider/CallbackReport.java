package com.walletcards.provider;

import com.walletcards.shared.ProviderName;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** Says at start-up which providers accept callbacks, so a missing secret is noticed before a 404 is. */
@Component
class CallbackReport {

    private static final Logger log = LoggerFactory.getLogger(CallbackReport.class);

    private final CallbackProperties properties;

    CallbackReport(CallbackProperties properties) {
        this.properties = properties;
    }

    @EventListener(ApplicationReadyEvent.class)
    void report() {
        List<String> names =
                Arrays.stream(ProviderName.values()).map(ProviderName::name).toList();
        List<String> enabled =
                names.stream().filter(n -> properties.secret(n).isPresent()).toList();
        List<String> disabled = names.stream().filter(n -> !enabled.contains(n)).toList();
        log.info(
                "Provider callbacks accepted for: {}; not enabled (no WALLET_PROVIDER_<NAME>_CALLBACK_SECRET) for: {}",
                enabled.isEmpty() ? "none" : String.join(", ", enabled),
                disabled.isEmpty() ? "none" : String.join(", ", disabled));
    }
}
