package com.walletcards.campaign;

/** The five types the campaigns API accepts; {@code membership} is not one of them (see ADR 0006). */
public enum CampaignType {
    event,
    coupon,
    loyalty,
    access,
    generic
}
