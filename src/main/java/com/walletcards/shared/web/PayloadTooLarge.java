package com.walletcards.shared.web;

import com.walletcards.shared.ApiException;
import com.walletcards.shared.ErrorCode;

/** The request body exceeded the configured limit. */
public class PayloadTooLarge extends ApiException {

    public PayloadTooLarge(long limit) {
        super(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is larger than " + limit + " bytes");
    }
}
