package com.walletcards.campaign;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** What one change of a campaign touched, as the aggregate saw it. */
public record CampaignChange(Set<CampaignField> fields) {

    public CampaignChange {
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("a change touches at least one field");
        }
        fields = Set.copyOf(fields);
    }

    public static CampaignChange of(CampaignField first, CampaignField... more) {
        return new CampaignChange(EnumSet.of(first, more));
    }

    /** Whether the cards of the campaign show something else now: they must be updated. */
    public boolean contentChanged() {
        return fields.stream().anyMatch(CampaignField::shownOnCards);
    }

    public boolean touched(CampaignField field) {
        return fields.contains(field);
    }

    /** The API names of the touched fields, sorted, as the webhook reports them. */
    public List<String> apiNames() {
        return fields.stream().map(CampaignField::apiName).sorted().toList();
    }

    @Override
    public String toString() {
        return "CampaignChange" + Arrays.toString(apiNames().toArray());
    }
}
