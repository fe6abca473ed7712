package com.walletcards.notification;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.NotFound;

/** Failures named as facts. */
final class NotificationErrors {

    private NotificationErrors() {}

    static final class NotificationNotFound extends NotFound {
        NotificationNotFound() {
            super("Notification");
        }
    }

    static final class NotificationLimitExceeded extends ApiException {
        NotificationLimitExceeded(int limit) {
            super(
                    ErrorCode.NOTIFICATION_LIMIT_EXCEEDED,
                    "The campaign already has " + limit
                            + " notifications, the most it can have; cancelling a pending scheduled one frees a slot");
        }
    }
}
