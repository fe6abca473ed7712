package com.walletcards.campaign;

public enum CampaignStatus {
    draft,
    active,
    completed,
    archived
}
