package com.walletcards.provider.openid4vci;

import com.authlete.sd.Disclosure;
import com.authlete.sd.SDObjectBuilder;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.jwk.ECKey;
import com.walletcards.card.spi.CardContent;
import com.walletcards.card.spi.CardVenue;
import java.text.ParseException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A card's content as an SD-JWT VC (RFC 9901, SD-JWT VC): every claim selectively disclosable,
 * bound to the holder's key, with its status list entry, signed with the issuer key.
 */
final class SdJwtCredentials {

    /** How long an event ticket stays valid after the event's end. */
    static final Duration EVENT_GRACE = Duration.ofHours(24);

    /**
     * Campaign data that is never a claim of its own: settings that steer the service (the
     * barcode, the time zone, the design) and data disclosed in the top-level claims (the venue,
     * the event's times, as {@code starts_at}/{@code ends_at} in the event's zone).
     */
    static final Set<String> NOT_IN_DETAILS = Set.of(
            "barcodeType",
            "barcodeValueStrategy",
            "barcodeValue",
            "timezone",
            "design",
            "location",
            "venue",
            "start_time",
            "end_time",
            "doors_open_time");

    private final String issuer;
    private final IssuerKey key;
    private final StatusLists statusLists;
    /**
     * Every credential's header (algorithm, key id, certificate chain, type), parsed from its own
     * serialized form, which it then keeps: signing a credential no longer writes the header's
     * JSON and Base64 (the certificate chain included) again.
     */
    private final JWSHeader credentialHeader;

    SdJwtCredentials(String issuer, IssuerKey key, StatusLists statusLists) {
        this.issuer = issuer;
        this.key = key;
        this.statusLists = statusLists;
        try {
            this.credentialHeader = JWSHeader.parse(
                    key.header().type(new JOSEObjectType("dc+sd-jwt")).build().toBase64URL());
        } catch (ParseException e) {
            throw new IllegalStateException("The credential header does not parse back", e);
        }
    }

    String issuer() {
        return issuer;
    }

    /** The credential, of type {@code vct}, in its compact form: the signed JWT, then its disclosures. */
    String issue(String vct, CardContent content, ECKey holderKey, StatusListQueries.Entry status, Instant now) {
        List<Disclosure> disclosures = new ArrayList<>();
        SDObjectBuilder top = new SDObjectBuilder();
        topClaims(content).forEach((name, value) -> sd(top, disclosures, name, value));
        // The campaign's and the recipient's other data (a seat, a tier...), each disclosable alone.
        Map<String, Object> detailClaims = details(content);
        if (!detailClaims.isEmpty()) {
            SDObjectBuilder details = new SDObjectBuilder();
            detailClaims.forEach((name, value) -> sd(details, disclosures, name, value));
            top.putClaim("details", details.build());
        }
        Map<String, Object> claims = top.build(true);
        claims.put("iss", issuer);
        claims.put("iat", now.getEpochSecond());
        Instant expiry = expiry(content, now);
        if (expiry != null) {
            claims.put("exp", expiry.getEpochSecond());
        }
        claims.put("vct", vct);
        claims.put("cnf", Map.of("jwk", holderKey.toJSONObject()));
        claims.put(
                "status", Map.of("status_list", Map.of("idx", status.idx(), "uri", statusLists.uri(status.listId()))));
        JWSObject jws = new JWSObject(credentialHeader, new Payload(claims));
        try {
            jws.sign(key.signer());
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        // The SD-JWT's compact form (RFC 9901 §4): the signed JWT, then each disclosure, each followed
        // by '~'. Built here rather than by SDJWT, whose constructor parses the JWT's payload back
        // from JSON and hashes the whole for a key binding that issuance has no use for.
        StringBuilder sdJwt = new StringBuilder(jws.serialize()).append('~');
        disclosures.forEach(d -> sdJwt.append(d.getDisclosure()).append('~'));
        return sdJwt.toString();
    }

    /**
     * The credential's top-level claims in the order they are disclosed; a null value is left out.
     * The console's preview of the EU wallet lists the same claims.
     */
    static Map<String, @Nullable Object> topClaims(CardContent content) {
        Map<String, @Nullable Object> claims = new LinkedHashMap<>();
        claims.put("name", content.campaignName());
        claims.put("holder_name", content.recipientName());
        claims.put("organization", content.organizationName());
        CardVenue venue = content.venueDetails();
        if (venue != null) {
            claims.put("venue", venue.name());
            claims.put("venue_address", venue.address());
            // One disclosure for both: half a position is no position.
            claims.put(
                    "venue_coordinates",
                    venue.hasCoordinates()
                            ? Map.of("latitude", venue.latitude(), "longitude", venue.longitude())
                            : null);
        }
        claims.put("start_date", text(content.startDate()));
        claims.put("end_date", text(content.endDate()));
        claims.put("starts_at", inEventZone(content.eventStartsAt(), content));
        claims.put("ends_at", inEventZone(content.eventEndsAt(), content));
        claims.put("barcode", content.barcodeValue());
        return claims;
    }

    /** The campaign's and the recipient's other data, disclosed one by one under {@code details}. */
    static Map<String, Object> details(CardContent content) {
        Map<String, Object> details = new LinkedHashMap<>();
        for (var entry : content.data().entrySet()) {
            if (!NOT_IN_DETAILS.contains(entry.getKey()) && entry.getValue() != null) {
                details.put(entry.getKey(), entry.getValue());
            }
        }
        return details;
    }

    private static void sd(SDObjectBuilder builder, List<Disclosure> disclosures, String name, @Nullable Object value) {
        if (value != null) {
            disclosures.add(builder.putSDClaim(name, value));
        }
    }

    /** An ISO 8601 date-time with the offset of the event's zone, as the holder reads it on site. */
    private static @Nullable String inEventZone(@Nullable Instant instant, CardContent content) {
        if (instant == null) {
            return null;
        }
        return instant.atZone(zone(content)).toOffsetDateTime().toString();
    }

    private static ZoneId zone(CardContent content) {
        try {
            return ZoneId.of(content.timezone());
        } catch (DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    private static @Nullable String text(@Nullable LocalDate date) {
        return date == null ? null : date.toString();
    }

    /**
     * When the credential stops being valid (ADR 0027): an event ticket at the event's end plus
     * {@link #EVENT_GRACE} (the way home, a late scan), another card at the end of its campaign's
     * {@code endDate} in the campaign's zone; without either, never ({@code null}: no {@code exp},
     * revocation goes through the status list). A card issued after that moment still gets
     * {@link #EVENT_GRACE} from now, so no credential is born expired.
     */
    static @Nullable Instant expiry(CardContent content, Instant now) {
        Instant end = "event".equals(content.campaignType()) && content.eventEndsAt() != null
                ? content.eventEndsAt().plus(EVENT_GRACE)
                : content.endDate() != null
                        ? content.endDate()
                                .plusDays(1)
                                .atStartOfDay(zone(content))
                                .toInstant()
                        : null;
        if (end == null) {
            return null;
        }
        return end.isAfter(now) ? end : now.plus(EVENT_GRACE);
    }
}
