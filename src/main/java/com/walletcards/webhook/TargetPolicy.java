package com.walletcards.webhook;

import com.walletcards.shared.Validation;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Where webhooks may be sent. A URL is checked twice: when it is saved (http(s), no credentials,
 * no private IP literal) and before every attempt, after resolving its host, because a public name
 * can point at a private address later; the attempt then connects to the address that was checked.
 * Private targets are for local development only.
 */
public class TargetPolicy {

    static final int MAX_URL_LENGTH = 2048;
    private static final Set<String> INTERNAL_NAMES = Set.of("localhost", "metadata.google.internal");
    // An IPv4 address as everyone reads it: four decimal numbers, no leading zeros.
    private static final Pattern CANONICAL_IPV4 =
            Pattern.compile("^(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})\\.(0|[1-9][0-9]{0,2})$");
    // A host whose last label is a number (decimal, octal or hex) is meant as an IPv4 address: no
    // top-level domain is numeric. Such hosts are read differently by different resolvers.
    private static final Pattern NUMERIC_HOST = Pattern.compile("^[0-9a-fx.]*?(^|\\.)(0x[0-9a-f]*|[0-9]+)\\.?$");

    /** Resolves a host name to all its addresses; a seam for tests. */
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** Who meets the refusal is usually trying a local receiver: name the switch. */
    static final String HOW_TO_ALLOW =
            " (for local development set WALLET_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true on the service)";

    private final boolean allowPrivate;
    private final Resolver resolver;

    public TargetPolicy(boolean allowPrivate, Resolver resolver) {
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
    }

    /** Validates a subscription URL; returns it, or null after recording the problem. */
    public @Nullable URI checkUrl(String field, @Nullable String url, Validation v) {
        if (url == null || url.isBlank()) {
            v.reject(field, "is required");
            return null;
        }
        if (url.length() > MAX_URL_LENGTH) {
            v.reject(field, "must be at most " + MAX_URL_LENGTH + " characters");
            return null;
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            v.reject(field, "must be a valid absolute URL");
            return null;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            v.reject(field, "must be an http or https URL");
            return null;
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            v.reject(field, "must name a valid host");
            return null;
        }
        if (uri.getRawUserInfo() != null) {
            v.reject(field, "must not contain credentials");
            return null;
        }
        if (uri.getRawFragment() != null) {
            v.reject(field, "must not contain a fragment");
            return null;
        }
        if (ambiguousAddress(host)) {
            v.reject(
                    field,
                    "must write an IPv4 address as four decimal numbers (a.b.c.d); octal, hex,"
                            + " integer and shortened forms are read differently by different systems");
            return null;
        }
        Optional<String> refusal = allowPrivate ? Optional.empty() : hostRefusal(host);
        if (refusal.isPresent()) {
            v.reject(field, "must not point to a " + refusal.get() + HOW_TO_ALLOW);
            return null;
        }
        return uri;
    }

    /**
     * Where an attempt may connect: the host is resolved once, now (DNS may point somewhere
     * private since the URL was saved), and the attempt connects only to these addresses, so a
     * second lookup that answers differently (DNS rebinding) never gets a say.
     */
    sealed interface DeliveryTarget {}

    /** Connect to one of these checked addresses, never to another answer for the same name. */
    record Pinned(String host, List<InetAddress> addresses) implements DeliveryTarget {}

    /** Do not attempt at all, for this reason. */
    record Refused(String reason) implements DeliveryTarget {}

    DeliveryTarget atDelivery(URI url) {
        if (url.getHost() == null) {
            return new Refused("the URL names no host");
        }
        if (ambiguousAddress(url.getHost())) {
            return new Refused("host " + url.getHost() + " is an IPv4 address in a form other than a.b.c.d");
        }
        String host = bare(url.getHost());
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return new Refused("cannot resolve host " + host);
        }
        if (addresses.length == 0) {
            return new Refused("cannot resolve host " + host);
        }
        if (!allowPrivate) {
            // Every address must be public: the connection may go to any of them.
            for (InetAddress address : addresses) {
                Optional<String> refusal = AddressRules.refusal(address);
                if (refusal.isPresent()) {
                    return new Refused("host " + host + " resolves to " + address.getHostAddress() + ", a "
                            + refusal.get() + " address; private targets are not allowed" + HOW_TO_ALLOW);
                }
            }
        }
        return new Pinned(host, List.of(addresses));
    }

    /**
     * Why the host may not be a target: an internal name, a refused address literal, or a name
     * that resolves, now, to a refused address (checked again at every delivery). A name that
     * does not resolve yet is accepted; its delivery fails until it does.
     */
    private Optional<String> hostRefusal(String rawHost) {
        String host = bare(rawHost).toLowerCase(Locale.ROOT);
        if (INTERNAL_NAMES.contains(host) || host.endsWith(".localhost")) {
            return Optional.of("loopback or internal address");
        }
        boolean literal =
                rawHost.startsWith("[") || CANONICAL_IPV4.matcher(host).matches();
        try {
            InetAddress[] addresses =
                    literal ? new InetAddress[] {InetAddress.getByName(host)} : resolver.resolve(host);
            for (InetAddress address : addresses) {
                Optional<String> refusal = AddressRules.refusal(address);
                if (refusal.isPresent()) {
                    return Optional.of((literal ? "" : "host that resolves to " + address.getHostAddress() + ", a ")
                            + refusal.get() + " address");
                }
            }
            return Optional.empty();
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    /** An IPv4 address written in any form but four decimal numbers (0177.0.0.1, 0x7f000001, 2130706433, 127.1). */
    static boolean ambiguousAddress(String rawHost) {
        String host = rawHost.toLowerCase(Locale.ROOT);
        return !host.startsWith("[")
                && NUMERIC_HOST.matcher(host).matches()
                && !CANONICAL_IPV4.matcher(host).matches();
    }

    private static String bare(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
