package com.walletcards.shared;

/**
 * The organization a request acts for. Every read path takes it explicitly, so that another
 * organization's rows are simply not found.
 */
public record OrganizationId(String value) {

    @Override
    public String toString() {
        return value;
    }
}
