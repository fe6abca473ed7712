package com.walletcards.recipient.imports;

import com.walletcards.campaign.CampaignId;
import com.walletcards.campaign.CampaignManagement;
import com.walletcards.shared.Ids;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.Jobs;
import com.walletcards.shared.NotFound;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * CSV imports: receives the rows of an upload into durable staging, a batch per transaction, so
 * that no file is ever held in memory whole; then hands them to the import job ({@link ImportJob}).
 */
@Service
public class RecipientImports {

    /** Rows staged per transaction while an upload is received. */
    static final int STAGE_BATCH = 2000;

    private final ImportQueries imports;
    private final CampaignManagement campaigns;
    private final Jobs jobs;
    private final ImportProperties properties;
    private final TransactionTemplate transaction;
    private final Clock clock;

    RecipientImports(
            ImportQueries imports,
            CampaignManagement campaigns,
            Jobs jobs,
            ImportProperties properties,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.imports = imports;
        this.campaigns = campaigns;
        this.jobs = jobs;
        this.properties = properties;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    public record Options(boolean upsert, boolean sendEmail) {}

    /**
     * Stages every row and queues the import. When reading the rows fails (a broken file, a body
     * over the limit, a client that went away) the import and its staged rows are removed and the
     * failure is passed on: the client was never told the import exists.
     */
    public RecipientImport receive(
            OrganizationId org, CampaignId campaignId, Options options, Iterator<ImportRow> rows) {
        RecipientImport started = transaction.execute(tx -> start(org, campaignId, options));
        String id = started.id();
        try {
            List<ImportRow> chunk = new ArrayList<>(STAGE_BATCH);
            int staged = 0;
            while (rows.hasNext()) {
                chunk.add(rows.next());
                staged++;
                if (chunk.size() == STAGE_BATCH) {
                    stage(id, chunk);
                    chunk.clear();
                }
            }
            if (!chunk.isEmpty()) {
                stage(id, chunk);
            }
            int rowCount = staged;
            return transaction.execute(tx -> queue(id, rowCount));
        } catch (RuntimeException failed) {
            transaction.executeWithoutResult(tx -> imports.delete(id));
            try {
                jobs.cancel(ImportJob.TASK.instanceId(id));
            } catch (RuntimeException alreadyRunning) {
                // The job finds no import and ends; nothing is left behind either way.
            }
            throw failed;
        }
    }

    @Transactional(readOnly = true)
    public RecipientImport get(OrganizationId org, CampaignId campaignId, String importId) {
        campaigns.get(org, campaignId);
        RecipientImport found =
                imports.find(org, campaignId.value(), importId).orElseThrow(() -> new NotFound("Import"));
        return found.withErrors(imports.errors(importId));
    }

    private RecipientImport start(OrganizationId org, CampaignId campaignId, Options options) {
        campaigns.requireAcceptingRecipients(org, campaignId);
        Instant now = Times.now(clock);
        RecipientImport created = RecipientImport.receiving(
                Ids.newId("imp"), org, campaignId.value(), options.upsert(), options.sendEmail(), now);
        imports.insert(created);
        // Due when the upload would time out: if the receiving instance dies, this cleans up.
        jobs.schedule(ImportJob.TASK
                .instance(created.id())
                .priority(ImportJob.RECEIVING_PRIORITY)
                .scheduledTo(now.plus(properties.receiveTimeout())));
        return created;
    }

    private void stage(String importId, List<ImportRow> rows) {
        boolean staged =
                Boolean.TRUE.equals(transaction.execute(tx -> imports.stage(importId, rows, Times.now(clock))));
        if (!staged) {
            throw abandoned();
        }
    }

    private RecipientImport queue(String importId, int rows) {
        RecipientImport current = imports.lock(importId).orElseThrow(RecipientImports::abandoned);
        if (current.status() != ImportStatus.receiving) {
            throw abandoned();
        }
        RecipientImport queued = current.queued(Times.now(clock));
        imports.save(queued);
        int priority = jobs.priorityOf(rows);
        if (priority == ImportJob.RECEIVING_PRIORITY) {
            jobs.reschedule(ImportJob.TASK.instanceId(importId), queued.updatedAt());
        } else {
            // The job engine keeps an execution's priority when it moves it: a small file's job is
            // scheduled anew, in this transaction, at the priority of its size.
            jobs.cancel(ImportJob.TASK.instanceId(importId));
            jobs.schedule(ImportJob.TASK.instance(importId).priority(priority).scheduledTo(queued.updatedAt()));
        }
        return queued;
    }

    private static InvalidState abandoned() {
        return new InvalidState("The upload took too long and was abandoned; send the file again");
    }
}
