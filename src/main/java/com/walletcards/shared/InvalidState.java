package com.walletcards.shared;

/** The operation is not allowed in the resource's current state. */
public class InvalidState extends ApiException {

    public InvalidState(String message) {
        super(ErrorCode.INVALID_STATE, message);
    }
}
