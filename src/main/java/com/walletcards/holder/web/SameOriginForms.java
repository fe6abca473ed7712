package com.walletcards.holder.web;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Cross-site request forgery protection for the holder's form posts, without tokens or sessions
 * (the holder's pages keep none): a browser says where a request comes from, in
 * {@code Sec-Fetch-Site} or, where it lacks that header, in {@code Origin}, and a post from any page
 * but the service's own is refused. A client that is not a browser sends neither and is let
 * through: the unguessable code in the path is the credential, as it is for the page itself.
 */
final class SameOriginForms {

    private SameOriginForms() {}

    static boolean allows(HttpServletRequest request, String publicBaseUrl) {
        String site = request.getHeader("Sec-Fetch-Site");
        if (site != null) {
            return site.equals("same-origin");
        }
        String origin = request.getHeader("Origin");
        if (origin == null) {
            return true;
        }
        String claimed = origin.toLowerCase(Locale.ROOT);
        return claimed.equals(originOf(publicBaseUrl)) || claimed.equals(originOf(request));
    }

    /** The origin holders reach the service at ({@code WALLET_DOWNLOAD_BASE_URL}), as a browser writes it. */
    static @Nullable String originOf(String baseUrl) {
        try {
            URI uri = URI.create(baseUrl);
            if (uri.getScheme() == null || uri.getHost() == null) {
                return null;
            }
            String origin = uri.getScheme() + "://" + uri.getHost();
            return (uri.getPort() == -1 ? origin : origin + ":" + uri.getPort()).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException malformed) {
            return null;
        }
    }

    /** The origin this request was addressed to, for a deployment reached under more than one name. */
    private static String originOf(HttpServletRequest request) {
        String host = request.getHeader("Host");
        if (host == null) {
            host = request.getServerName() + ":" + request.getServerPort();
        }
        return (request.getScheme() + "://" + host).toLowerCase(Locale.ROOT);
    }
}
