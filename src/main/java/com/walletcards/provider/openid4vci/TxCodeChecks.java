package com.walletcards.provider.openid4vci;

import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Whether offers ask for a transaction code ({@code WALLET_EUDIW_TX_CODE}), and if so: the code
 * each invitation email carries, and the check of the code a token request sends.
 */
final class TxCodeChecks {

    private final @Nullable TxCodes codes;
    private final TxCodeQueries txCodeQueries;
    private final OfferQueries offers;
    private final Clock clock;

    private TxCodeChecks(@Nullable TxCodes codes, TxCodeQueries txCodeQueries, OfferQueries offers, Clock clock) {
        this.codes = codes;
        this.txCodeQueries = txCodeQueries;
        this.offers = offers;
        this.clock = clock;
    }

    /** Offers ask for the code sent with the invitation email. */
    static TxCodeChecks required(TxCodes codes, TxCodeQueries txCodeQueries, OfferQueries offers, Clock clock) {
        return new TxCodeChecks(codes, txCodeQueries, offers, clock);
    }

    /** Offers ask for no code: the link or QR code alone adds the card. */
    static TxCodeChecks off(TxCodeQueries txCodeQueries, OfferQueries offers, Clock clock) {
        return new TxCodeChecks(null, txCodeQueries, offers, clock);
    }

    boolean isRequired() {
        return codes != null;
    }

    /** The invitation email's line with a fresh transaction code for the object, or null when off. */
    @Nullable
    String inviteEmailLine(String objectRef) {
        if (codes == null) {
            return null;
        }
        String code = codes.generate();
        txCodeQueries.saveTxCode(objectRef, codes.hash(code), Times.now(clock));
        return TxCodes.EMAIL_LINE + code;
    }

    /**
     * The offer's object must have a transaction code (sent with its invitation email) and the
     * request must carry it; each wrong code counts against the object's code, which stops working
     * after {@link OfferQueries#MAX_CODE_ATTEMPTS} (a new invitation sends a new one). When codes
     * are off, a request must not send one.
     */
    void check(String code, @Nullable String txCode, Instant now) {
        if (codes == null) {
            if (txCode != null) {
                // No transaction code is ever offered: one sent anyway is a client error, not a guess to count.
                throw Openid4vciError.badRequest("invalid_grant", "This offer has no transaction code");
            }
            return;
        }
        if (code.length() > 100) {
            return; // redeeming fails with the code's own error
        }
        var offered = offers.openOffer(code, now).orElse(null);
        if (offered == null) {
            return; // redeeming fails with the code's own error
        }
        if (txCode == null || txCode.isBlank()) {
            throw Openid4vciError.badRequest("invalid_grant", "This offer requires the transaction code (tx_code)");
        }
        var expected = txCodeQueries.txCode(offered.objectRef()).orElse(null);
        if (expected == null) {
            throw Openid4vciError.badRequest(
                    "invalid_grant", "No transaction code was sent for this card; ask for a new invitation");
        }
        if (expected.failedAttempts() >= OfferQueries.MAX_CODE_ATTEMPTS) {
            throw Openid4vciError.badRequest(
                    "invalid_grant", "Too many wrong transaction codes; ask for a new invitation");
        }
        if (!codes.matches(txCode, expected.codeHash())) {
            txCodeQueries.txCodeFailed(offered.objectRef(), code);
            throw Openid4vciError.badRequest("invalid_grant", "The transaction code is wrong");
        }
    }
}
