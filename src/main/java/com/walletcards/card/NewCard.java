package com.walletcards.card;

import java.util.List;

/** A card to create for a recipient, with the providers it targets. */
public record NewCard(String recipientId, List<String> providers) {}
