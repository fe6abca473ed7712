package com.walletcards.campaign;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.NotFound;
import java.util.List;

/** Failures named as facts. */
final class CampaignErrors {

    private CampaignErrors() {}

    static final class CampaignNotFound extends NotFound {
        CampaignNotFound() {
            super("Campaign");
        }
    }

    static final class SettingLocked extends ApiException {
        SettingLocked(String field) {
            super(
                    ErrorCode.SETTING_LOCKED,
                    field + " cannot change once the campaign has recipients",
                    List.of(new FieldError(field, "is locked because the campaign has recipients")));
        }
    }

    static final class InvalidStatusTransition extends ApiException {
        InvalidStatusTransition(CampaignStatus from, String to) {
            super(
                    ErrorCode.INVALID_STATUS_TRANSITION,
                    "A campaign cannot move from " + from + " to " + to + " through the API",
                    List.of(new FieldError("status", "cannot be set to " + to + " from " + from)));
        }
    }
}
