package com.walletcards.provider.openid4vci;

/** The card an offer's code, a token or an issued credential belongs to: its object and its wallet card. */
record Holder(String objectRef, String walletCardId) {}
