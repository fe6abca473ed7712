package com.walletcards.provider;

import com.walletcards.provider.apple.RegisteredDevices;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The devices a card is on, as far as a wallet's protocol tells: Apple Wallet registers each
 * device that holds a pass for its updates. The provider module's door to that knowledge, so no
 * other module reaches into an adapter (as {@link WalletChanges} is for change messages).
 */
@Component
public class HolderDevices {

    /** A device by the start of its identifier, and when it registered. */
    public record AppleDevice(String shortId, Instant registeredAt) {}

    private final RegisteredDevices registered;

    HolderDevices(RegisteredDevices registered) {
        this.registered = registered;
    }

    /** The Apple devices the card's pass is registered on, oldest first; the caller found the card in its organization. */
    public List<AppleDevice> apple(String walletCardId) {
        return registered.of(walletCardId).stream()
                .map(d -> new AppleDevice(d.shortId(), d.registeredAt()))
                .toList();
    }
}
