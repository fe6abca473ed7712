package com.walletcards.card.spi;

/** A card's object at one provider: the provider's own reference and the card it belongs to. */
public record ProviderObjectRef(String walletCardId, String provider, String objectRef) {}
