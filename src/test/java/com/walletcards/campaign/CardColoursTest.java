package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CardColoursTest {

    @Test
    void contrastFollowsTheWcagFormula() {
        assertThat(CardColours.contrast("#000000", "#FFFFFF")).isCloseTo(21.0, within(0.01));
        assertThat(CardColours.contrast("#777777", "#FFFFFF")).isCloseTo(4.48, within(0.01));
        assertThat(CardColours.contrast("#123456", "#123456")).isEqualTo(1.0);
    }

    @Test
    void aReadableDesignIsKeptAsItIs() {
        CardColours colours = CardColours.of(new CardDesign("#0A1B2C", "#FFFFFF", "#9FB8D0", null, null));
        assertThat(colours).isEqualTo(new CardColours("#0A1B2C", "#FFFFFF", "#9FB8D0"));
    }

    @Test
    void unreadableTextColoursAreReplacedByBlackOrWhite() {
        CardColours onLight = CardColours.of(new CardDesign("#F5F5F5", "#DDDDDD", "#EEEEEE", null, null));
        assertThat(onLight.foreground()).isEqualTo("#000000");
        assertThat(onLight.label())
                .as("an unreadable label takes the text colour")
                .isEqualTo("#000000");
        CardColours onDark = CardColours.of(new CardDesign("#202020", "#303030", null, null, null));
        assertThat(onDark.foreground()).isEqualTo("#FFFFFF");
        assertThat(CardColours.contrast(onDark.foreground(), onDark.background()))
                .isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);
    }

    @Test
    void withoutADesignTheColoursAreNeutralAndReadable() {
        CardColours neutral = CardColours.of(CardDesign.NEUTRAL);
        assertThat(CardColours.contrast(neutral.foreground(), neutral.background()))
                .isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);
        assertThat(CardColours.contrast(neutral.label(), neutral.background()))
                .isGreaterThanOrEqualTo(CardColours.MIN_CONTRAST);
    }
}
