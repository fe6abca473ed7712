package com.walletcards.recipient.imports;

import com.walletcards.recipient.RecipientRegistration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * CSV import settings. From the environment: {@code WALLET_IMPORT_MAX_BYTES}, {@code
 * WALLET_IMPORT_BATCH_SIZE}, {@code WALLET_IMPORT_RECEIVE_TIMEOUT}.
 *
 * @param maxBytes body limit of an import request; larger than the API's general limit because a
 *     file of a million rows is 60 to 100 MB
 * @param batchSize rows added per transaction of the import job
 * @param receiveTimeout an upload still not complete after this long counts as abandoned (its
 *     instance died): the import fails and its staged rows are removed
 */
@Validated
@ConfigurationProperties("wallet.imports")
public record ImportProperties(
        @DefaultValue("209715200") @Min(1) long maxBytes,

        @DefaultValue("1000") @Min(1) @Max(RecipientRegistration.MAX_BULK)
        int batchSize,

        @DefaultValue("1h") @DurationMin(seconds = 1) Duration receiveTimeout) {}
