package com.walletcards.console.view;

/** A campaign as the list and its page show it: its recipients and the cards installed now per wallet. */
public record CampaignRow(
        String id,
        String name,
        String type,
        String status,
        long recipients,
        long appleInstalled,
        long googleInstalled,
        long euInstalled) {}
