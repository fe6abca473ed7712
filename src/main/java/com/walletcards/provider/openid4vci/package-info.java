/**
 * The {@code openid4vci} mode of provider {@code eudiw}: the service as an OpenID for Verifiable
 * Credential Issuance 1.0 credential issuer with its own pre-authorized-code authorization server.
 * A holder's EU Digital Identity Wallet receives the card as an SD-JWT VC, revocable through a
 * token status list. It speaks to the rest of the service only through the card SPI.
 * docs/adr/0014-openid4vci-issuer.md.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared", "card::spi"})
@org.jspecify.annotations.NullMarked
package com.walletcards.provider.openid4vci;
