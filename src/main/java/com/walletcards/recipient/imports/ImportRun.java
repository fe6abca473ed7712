package com.walletcards.recipient.imports;

import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.recipient.ImportBatch;
import com.walletcards.recipient.imports.ImportEvents.ImportCompleted;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The import job's steps, one transaction each. A step adds one batch of staged rows, records the
 * counts and errors and deletes those rows, all together: after a crash the job repeats at most the
 * batch whose transaction never committed, so no row is added twice.
 */
@Component
class ImportRun {

    private final ImportQueries imports;
    private final ImportBatch batch;
    private final CampaignManagement campaigns;
    private final ImportProperties properties;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    ImportRun(
            ImportQueries imports,
            ImportBatch batch,
            CampaignManagement campaigns,
            ImportProperties properties,
            ApplicationEventPublisher events,
            Clock clock) {
        this.imports = imports;
        this.batch = batch;
        this.campaigns = campaigns;
        this.properties = properties;
        this.events = events;
        this.clock = clock;
    }

    /** Adds the next batch; false once the import has ended. */
    @Transactional
    public boolean step(String importId) {
        RecipientImport current = imports.lock(importId).orElse(null);
        if (current == null || current.status().finished()) {
            return false;
        }
        Instant now = Times.now(clock);
        if (current.status() == ImportStatus.receiving) {
            // The job runs before the upload ended only when the upload was abandoned (see RecipientImports).
            end(current, ImportStatus.failed, "the upload did not complete", now);
            return false;
        }
        List<ImportRow> rows = imports.nextRows(importId, properties.batchSize());
        if (rows.isEmpty()) {
            end(current, ImportStatus.completed, null, now);
            return false;
        }
        Campaign campaign = campaigns.acceptRecipients(current.organizationId(), new CampaignId(current.campaignId()));
        ImportBatch.Outcome outcome =
                batch.add(current.organizationId(), campaign, rows, current.upsert(), current.sendEmail());
        imports.addErrors(importId, imports.errorCount(importId), outcome.errors());
        imports.deleteRows(importId, rows.get(rows.size() - 1).line());
        imports.save(current.progressed(rows.size(), outcome.created(), outcome.updated(), outcome.failed(), now));
        return true;
    }

    /** Ends an import that cannot go on (its campaign was deleted, archived or completed meanwhile). */
    @Transactional
    public void fail(String importId, String reason) {
        imports.lock(importId)
                .filter(i -> !i.status().finished())
                .ifPresent(i -> end(i, ImportStatus.failed, reason, Times.now(clock)));
    }

    private void end(RecipientImport current, ImportStatus status, @Nullable String failure, Instant now) {
        imports.deleteAllRows(current.id());
        RecipientImport ended = current.ended(status, failure, now);
        imports.save(ended);
        events.publishEvent(new ImportCompleted(current.organizationId(), ended, now));
    }
}
