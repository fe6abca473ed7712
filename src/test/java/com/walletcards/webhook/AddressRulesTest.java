package com.walletcards.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AddressRulesTest {

    @ParameterizedTest(name = "{0} is refused ({1})")
    @CsvSource({
        // unspecified / "this network" 0.0.0.0/8
        "0.0.0.0, unspecified",
        "0.255.255.255, unspecified",
        // private 10/8
        "10.0.0.0, private",
        "10.255.255.255, private",
        // carrier-grade NAT 100.64/10 (Alibaba Cloud metadata 100.100.100.200 lies in it)
        "100.64.0.0, carrier-grade NAT",
        "100.100.100.200, carrier-grade NAT",
        "100.127.255.255, carrier-grade NAT",
        // loopback 127/8
        "127.0.0.1, loopback",
        "127.255.255.254, loopback",
        // link-local 169.254/16 (AWS, GCP, Azure metadata 169.254.169.254)
        "169.254.0.1, link-local",
        "169.254.169.254, link-local",
        // private 172.16/12
        "172.16.0.0, private",
        "172.31.255.255, private",
        // IETF protocol assignments 192.0.0/24 (Oracle Cloud metadata 192.0.0.192)
        "192.0.0.192, IETF protocol assignments",
        // private 192.168/16
        "192.168.0.1, private",
        "192.168.255.255, private",
        // multicast 224/4
        "224.0.0.1, multicast",
        "239.255.255.255, multicast",
        // reserved 240/4 and broadcast
        "240.0.0.1, reserved",
        "255.255.255.255, reserved",
        // IPv6 unspecified and loopback
        "::, unspecified",
        "::1, loopback",
        // unique local fc00::/7 (AWS IPv6 metadata fd00:ec2::254)
        "fc00::1, unique local",
        "fd00:ec2::254, unique local",
        "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff, unique local",
        // link-local fe80::/10
        "fe80::1, link-local",
        "febf:ffff::1, link-local",
        // deprecated site-local fec0::/10
        "fec0::1, site-local",
        // multicast ff00::/8
        "ff02::1, multicast",
        // IPv6 forms that embed a refused IPv4 address
        "::ffff:127.0.0.1, loopback",
        "::ffff:169.254.169.254, link-local",
        "::10.0.0.1, private",
        "64:ff9b::a00:1, private",
        "2002:c0a8:0101::1, private",
    })
    void refusesEveryNonPublicRange(String address, String reason) throws Exception {
        assertThat(AddressRules.refusal(InetAddress.getByName(address)))
                .hasValueSatisfying(r -> assertThat(r).startsWith(reason));
    }

    @ParameterizedTest(name = "{0} is allowed")
    @ValueSource(
            strings = {
                "8.8.8.8",
                "1.1.1.1",
                "9.255.255.255",
                "11.0.0.0",
                "100.63.255.255",
                "100.128.0.0",
                "172.15.255.255",
                "172.32.0.0",
                "192.0.1.1",
                "192.167.255.255",
                "192.169.0.0",
                "223.255.255.255",
                "2001:4860:4860::8888",
                "2606:4700:4700::1111",
                "::ffff:8.8.8.8",
                "64:ff9b::808:808",
                "2002:0808:0808::1",
            })
    void allowsPublicAddresses(String address) throws Exception {
        assertThat(AddressRules.refusal(InetAddress.getByName(address))).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void theRefusedRangesAreExactlyTheDocumentedOnes() {
        List<String> cidrs =
                AddressRules.REFUSED.stream().map(AddressRules.Range::cidr).toList();

        assertThat(cidrs)
                .containsExactly(
                        "0.0.0.0/8",
                        "10.0.0.0/8",
                        "100.64.0.0/10",
                        "127.0.0.0/8",
                        "169.254.0.0/16",
                        "172.16.0.0/12",
                        "192.0.0.0/24",
                        "192.0.2.0/24",
                        "192.88.99.0/24",
                        "192.168.0.0/16",
                        "198.18.0.0/15",
                        "198.51.100.0/24",
                        "203.0.113.0/24",
                        "224.0.0.0/4",
                        "240.0.0.0/4",
                        "::/128",
                        "::1/128",
                        "100::/64",
                        "2001::/32",
                        "2001:2::/48",
                        "2001:10::/28",
                        "2001:20::/28",
                        "2001:db8::/32",
                        "3fff::/20",
                        "fc00::/7",
                        "fe80::/10",
                        "fec0::/10",
                        "ff00::/8");
    }
}
