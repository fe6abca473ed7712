package com.walletcards.card;

import com.walletcards.card.spi.CardContent;
import java.util.List;

/**
 * A card to create for a recipient: the providers it targets and the content it starts with,
 * assembled by the issuer once for its whole batch.
 */
public record NewCard(String recipientId, List<String> providers, CardContent content) {}
