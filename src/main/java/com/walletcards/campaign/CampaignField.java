package com.walletcards.campaign;

/**
 * A part of a campaign that a change can touch, named as the API names it. Whether holders see it
 * on their cards is decided here, where the campaign's shape is known, so no other module matches
 * field names to find out whether cards must change.
 */
public enum CampaignField {
    name("name", true),
    campaignType("campaignType", true),
    campaignData("campaignData", true),
    startDate("startDate", true),
    endDate("endDate", true),
    /** Which wallets new cards get; existing cards keep theirs, so no card changes. */
    providerTypes("providerTypes", false),
    /** The organization's own data, never shown to a holder. */
    metadata("metadata", false),
    /** Logo, icon and strip: not a field of the API's campaign, but on every card. */
    images("images", true);

    private final String apiName;
    private final boolean shownOnCards;

    CampaignField(String apiName, boolean shownOnCards) {
        this.apiName = apiName;
        this.shownOnCards = shownOnCards;
    }

    /** The name in the API and in the {@code campaign.updated} webhook's {@code changedFields}. */
    public String apiName() {
        return apiName;
    }

    public boolean shownOnCards() {
        return shownOnCards;
    }
}
