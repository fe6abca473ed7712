package com.walletcards.shared;

/** The resource does not exist, belongs to another organization, or was deleted. */
public class NotFound extends ApiException {

    public NotFound(String what) {
        super(ErrorCode.NOT_FOUND, what + " not found");
    }
}
