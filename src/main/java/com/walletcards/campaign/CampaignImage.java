package com.walletcards.campaign;

/**
 * One image of a campaign's cards. {@code url} is public and names the content ({@code sha256}),
 * so wallets and browsers may cache it for ever; {@code builtIn} marks the neutral default used
 * while the campaign has none of this kind.
 */
public record CampaignImage(ImageKind kind, String url, int width, int height, String sha256, boolean builtIn) {

    /** The path below the download base where an image with this hash is served. */
    public static String path(String sha256) {
        return "/images/" + sha256 + ".png";
    }
}
