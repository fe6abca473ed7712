package com.walletcards.card;

import com.walletcards.card.spi.ProviderObjectRef;
import java.util.List;

/** An installed card and the provider objects through which it can be reached. */
public record ActiveCard(String walletCardId, String recipientId, List<ProviderObjectRef> installedObjects) {}
