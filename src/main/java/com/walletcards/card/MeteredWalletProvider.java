package com.walletcards.card;

import com.walletcards.card.spi.AddToWallet;
import com.walletcards.card.spi.CampaignContent;
import com.walletcards.card.spi.Capabilities;
import com.walletcards.card.spi.ProviderFailure;
import com.walletcards.card.spi.ProviderObjectRef;
import com.walletcards.card.spi.PushMessage;
import com.walletcards.card.spi.WalletProvider;
import com.walletcards.shared.ProviderName;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Wraps a provider so that every call into it is timed by operation and outcome, and every push
 * (new content to an installed object, a lock-screen message) is counted as delivered or failed.
 * Sitting at the registry, it sees the calls of every module, whatever the provider's protocol.
 */
final class MeteredWalletProvider implements WalletProvider {

    static final String CALLS = "wallet.provider.calls";
    static final String PUSHES = "wallet.pushes";

    private final WalletProvider delegate;
    private final MeterRegistry registry;

    MeteredWalletProvider(WalletProvider delegate, MeterRegistry registry) {
        this.delegate = delegate;
        this.registry = registry;
    }

    @Override
    public ProviderName name() {
        return delegate.name();
    }

    @Override
    public Capabilities capabilities() {
        return delegate.capabilities();
    }

    @Override
    public String allocateObjectRef(String walletCardId) {
        return delegate.allocateObjectRef(walletCardId); // no I/O: nothing to time
    }

    @Override
    public void createObjects(List<ObjectContent> objects) {
        run("create", () -> delegate.createObjects(objects));
    }

    @Override
    public void updateObjects(List<ObjectContent> updates) {
        try {
            run("update", () -> delegate.updateObjects(updates));
        } catch (RuntimeException e) {
            pushes("content", "failed").increment(updates.size());
            throw e;
        }
        pushes("content", "delivered").increment(updates.size());
    }

    @Override
    public void updateCampaign(CampaignContent campaign) {
        run("update-campaign", () -> delegate.updateCampaign(campaign));
    }

    @Override
    public void voidObjects(List<ProviderObjectRef> objects) {
        run("void", () -> delegate.voidObjects(objects));
    }

    @Override
    public List<@Nullable String> deliverMessages(List<ProviderObjectRef> objects, PushMessage message) {
        List<@Nullable String> outcomes;
        try {
            outcomes = call("message", () -> delegate.deliverMessages(objects, message));
        } catch (RuntimeException e) {
            pushes("message", "failed").increment(objects.size());
            throw e;
        }
        long failed = outcomes.stream().filter(o -> o != null).count();
        pushes("message", "delivered").increment(outcomes.size() - failed);
        pushes("message", "failed").increment(failed);
        return outcomes;
    }

    @Override
    public @Nullable String holderNoteKey() {
        return delegate.holderNoteKey();
    }

    @Override
    public Map<String, List<String>> devices(List<String> objectRefs) {
        return delegate.devices(objectRefs);
    }

    @Override
    public @Nullable String inviteEmailLine(ProviderObjectRef object) {
        return delegate.inviteEmailLine(object);
    }

    @Override
    public AddToWallet addToWallet(ObjectContent object) {
        return call("add-to-wallet", () -> delegate.addToWallet(object));
    }

    private void run(String operation, Runnable work) {
        call(operation, () -> {
            work.run();
            return null;
        });
    }

    private <T> T call(String operation, Supplier<T> work) {
        long start = System.nanoTime();
        String outcome = "error";
        try {
            T result = work.get();
            outcome = "success";
            return result;
        } catch (ProviderFailure failure) {
            // Permanent failures are the provider refusing; the others are retried later.
            outcome = failure.permanent() ? "rejected" : "unavailable";
            throw failure;
        } finally {
            Timer.builder(CALLS)
                    .description("Calls into a wallet provider by operation and outcome")
                    .tags("provider", delegate.name().toString(), "operation", operation, "outcome", outcome)
                    .register(registry)
                    .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    private Counter pushes(String kind, String outcome) {
        return Counter.builder(PUSHES)
                .description("Content updates and messages pushed to wallet objects, per object")
                .tags("provider", delegate.name().toString(), "kind", kind, "outcome", outcome)
                .register(registry);
    }
}
