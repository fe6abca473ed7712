package com.walletcards.console.view;

/** A campaign as the list and its page show it. */
public record CampaignRow(String id, String name, String type, String status, long recipients) {}
