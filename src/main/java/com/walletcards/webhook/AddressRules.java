package com.walletcards.webhook;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The addresses a webhook must never reach unless private targets are allowed: anything that is
 * not a public unicast address, including the ranges set aside for documentation and benchmarking
 * (IANA's special-purpose address registries), which no real receiver uses. IPv6 forms that embed an IPv4 address (mapped, compatible,
 * NAT64, 6to4) are judged by the embedded address, so {@code ::ffff:127.0.0.1} is loopback.
 */
final class AddressRules {

    /** A refused range and why. */
    record Range(String cidr, String reason, byte[] network, int prefix) {

        static Range of(String cidr, String reason) {
            String[] parts = cidr.split("/");
            try {
                byte[] network = InetAddress.getByName(parts[0]).getAddress();
                return new Range(cidr, reason, network, Integer.parseInt(parts[1]));
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(cidr, e);
            }
        }

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int fullBytes = prefix / 8;
            for (int i = 0; i < fullBytes; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xFF << (8 - rest)) & 0xFF;
            return (address[fullBytes] & mask) == (network[fullBytes] & mask);
        }
    }

    static final List<Range> REFUSED = List.of(
            Range.of("0.0.0.0/8", "unspecified (this network)"),
            Range.of("10.0.0.0/8", "private"),
            Range.of("100.64.0.0/10", "carrier-grade NAT (shared address space, cloud metadata)"),
            Range.of("127.0.0.0/8", "loopback"),
            Range.of("169.254.0.0/16", "link-local (cloud metadata)"),
            Range.of("172.16.0.0/12", "private"),
            Range.of("192.0.0.0/24", "IETF protocol assignments (cloud metadata)"),
            Range.of("192.0.2.0/24", "documentation (TEST-NET-1)"),
            Range.of("192.88.99.0/24", "6to4 relay anycast (deprecated)"),
            Range.of("192.168.0.0/16", "private"),
            Range.of("198.18.0.0/15", "benchmarking"),
            Range.of("198.51.100.0/24", "documentation (TEST-NET-2)"),
            Range.of("203.0.113.0/24", "documentation (TEST-NET-3)"),
            Range.of("224.0.0.0/4", "multicast"),
            Range.of("240.0.0.0/4", "reserved or broadcast"),
            Range.of("::/128", "unspecified"),
            Range.of("::1/128", "loopback"),
            Range.of("100::/64", "discard-only"),
            Range.of("2001::/32", "Teredo tunnelling"),
            Range.of("2001:2::/48", "benchmarking"),
            Range.of("2001:10::/28", "reserved (ORCHID)"),
            Range.of("2001:20::/28", "reserved (ORCHIDv2)"),
            Range.of("2001:db8::/32", "documentation"),
            Range.of("3fff::/20", "documentation"),
            Range.of("fc00::/7", "unique local (private, cloud metadata)"),
            Range.of("fe80::/10", "link-local"),
            Range.of("fec0::/10", "site-local (private)"),
            Range.of("ff00::/8", "multicast"));

    // Built from bytes: InetAddress turns the text form of a mapped address into an IPv4 address.
    private static final Range IPV4_MAPPED = new Range(
            "::ffff:0:0/96", "IPv4-mapped", new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 0, 0}, 96);
    private static final Range IPV4_COMPATIBLE = Range.of("::/96", "IPv4-compatible");
    private static final Range NAT64 = Range.of("64:ff9b::/96", "NAT64");
    private static final Range SIX_TO_FOUR = Range.of("2002::/16", "6to4");

    private AddressRules() {}

    /** Why this address is refused, or empty when it is a public address. */
    static Optional<String> refusal(InetAddress address) {
        return refusal(address.getAddress());
    }

    static Optional<String> refusal(byte[] address) {
        for (Range range : REFUSED) {
            if (range.contains(address)) {
                return Optional.of(range.reason());
            }
        }
        if (address.length == 16) {
            if (IPV4_MAPPED.contains(address) || IPV4_COMPATIBLE.contains(address) || NAT64.contains(address)) {
                return refusal(Arrays.copyOfRange(address, 12, 16));
            }
            if (SIX_TO_FOUR.contains(address)) {
                return refusal(Arrays.copyOfRange(address, 2, 6));
            }
        }
        return Optional.empty();
    }
}
