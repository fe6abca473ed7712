package com.walletcards.console.view;

/** The signed-in user as the top bar shows them. */
public record Viewer(String email, String role, boolean managesUsers, boolean writesCampaigns) {}
