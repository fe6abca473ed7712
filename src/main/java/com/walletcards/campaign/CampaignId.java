package com.walletcards.campaign;

public record CampaignId(String value) {

    @Override
    public String toString() {
        return value;
    }
}
