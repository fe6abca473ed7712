package com.walletcards.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.walletcards.shared.FieldError;
import com.walletcards.shared.Validation;
import com.walletcards.shared.ValidationFailed;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CardDesignTest {

    private static List<String> fieldsRejected(Object design) {
        Validation v = new Validation();
        CardDesign.read(Map.of("design", design), v);
        try {
            v.throwIfInvalid();
            return List.of();
        } catch (ValidationFailed e) {
            return e.details().stream().map(FieldError::field).toList();
        }
    }

    @Test
    void aCompleteDesignIsRead() {
        CardDesign d = CardDesign.of(Map.of(
                "design",
                Map.of(
                        "backgroundColor", "#0A1B2C",
                        "foregroundColor", "#ffffff",
                        "labelColor", "#CCCCCC",
                        "logoText", "Acme",
                        "description", "Summer ticket")));
        assertThat(d).isEqualTo(new CardDesign("#0A1B2C", "#ffffff", "#CCCCCC", "Acme", "Summer ticket"));
    }

    @Test
    void withoutADesignTheCardIsNeutral() {
        assertThat(CardDesign.of(Map.of())).isEqualTo(CardDesign.NEUTRAL);
    }

    @Test
    void coloursMustBeSixDigitHex() {
        assertThat(fieldsRejected(Map.of("backgroundColor", "not-a-colour")))
                .containsExactly("campaignData.design.backgroundColor");
        assertThat(fieldsRejected(Map.of("foregroundColor", "#FFF")))
                .containsExactly("campaignData.design.foregroundColor");
        assertThat(fieldsRejected(Map.of("labelColor", 255))).containsExactly("campaignData.design.labelColor");
    }

    @Test
    void textsHaveLimits() {
        assertThat(fieldsRejected(Map.of("logoText", "x".repeat(41)))).containsExactly("campaignData.design.logoText");
        assertThat(fieldsRejected(Map.of("logoText", "x".repeat(40)))).isEmpty();
        assertThat(fieldsRejected(Map.of("description", "x".repeat(201))))
                .containsExactly("campaignData.design.description");
    }

    @Test
    void aMisspeltKeyOrANonObjectIsRefused() {
        assertThat(fieldsRejected(Map.of("backgroundColour", "#000000")))
                .containsExactly("campaignData.design.backgroundColour");
        assertThat(fieldsRejected("blue")).containsExactly("campaignData.design");
    }

    @Test
    void campaignDataChecksTheDesignToo() {
        Validation v = new Validation();
        CampaignData.check(Map.of("design", Map.of("backgroundColor", "red")), v);
        assertThatThrownBy(v::throwIfInvalid)
                .isInstanceOf(ValidationFailed.class)
                .hasMessageContaining("campaignData.design.backgroundColor");
    }
}
