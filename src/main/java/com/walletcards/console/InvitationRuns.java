package com.walletcards.console;

import com.walletcards.campaign.CampaignId;
import com.walletcards.issuance.InviteEmail;
import com.walletcards.issuance.RecipientInvitations;
import com.walletcards.issuance.RecipientInvitations.BulkInvitation;
import com.walletcards.shared.ApiException;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * "Invite every recipient whose card is ready", run in the background in the API's batches of 100
 * through the very operation of {@code POST …/bulk-invite}. Each batch takes the oldest ready
 * recipients and moves them to invited, so the next batch starts where the last one ended and no
 * list of ids is ever held; a run keeps only its counts. Runs live in this instance's memory for
 * an hour after they end: a restart ends a run, and starting it again invites the rest.
 */
@Component
class InvitationRuns {

    private static final Logger log = LoggerFactory.getLogger(InvitationRuns.class);
    private static final Duration KEPT = Duration.ofHours(1);

    enum State {
        running,
        finished,
        failed
    }

    /** A run's counts as the progress page shows them; {@code total} grows when cards become ready meanwhile. */
    record Progress(
            String id,
            String campaignId,
            State state,
            long total,
            long invited,
            long emailsSent,
            long emailsFailed,
            boolean sendEmail,
            @Nullable String problem) {

        public int percent() {
            return total == 0 ? 100 : (int) Math.min(100, invited * 100 / total);
        }
    }

    private static final class Run {
        final OrganizationId org;
        final String campaignId;
        final boolean sendEmail;
        volatile State state = State.running;
        volatile long total;
        volatile long invited;
        volatile long sent;
        volatile long failed;
        volatile @Nullable String problem;
        volatile Instant ended = Instant.MAX;

        Run(OrganizationId org, String campaignId, boolean sendEmail, long total) {
            this.org = org;
            this.campaignId = campaignId;
            this.sendEmail = sendEmail;
            this.total = total;
        }
    }

    private final RecipientInvitations invitations;
    private final Clock clock;
    private final Map<String, Run> runs = new ConcurrentHashMap<>();
    private final ExecutorService workers = Executors.newFixedThreadPool(2, task -> {
        Thread thread = new Thread(task, "console-invitations");
        thread.setDaemon(true);
        return thread;
    });

    InvitationRuns(RecipientInvitations invitations, Clock clock) {
        this.invitations = invitations;
        this.clock = clock;
    }

    /** Starts inviting the campaign's ready recipients; the campaign is checked (404) before anything starts. */
    String start(OrganizationId org, CampaignId campaignId, boolean sendEmail, InviteEmail wording) {
        forgetOld();
        Run run = new Run(org, campaignId.value(), sendEmail, invitations.readyToInvite(org, campaignId));
        String id = UUID.randomUUID().toString();
        runs.put(id, run);
        workers.execute(() -> work(run, campaignId, wording));
        return id;
    }

    /** The run, only for its own organization and campaign: any other asks about nothing (404). */
    Optional<Progress> progress(OrganizationId org, String campaignId, String runId) {
        Run run = runs.get(runId);
        if (run == null || !run.org.equals(org) || !run.campaignId.equals(campaignId)) {
            return Optional.empty();
        }
        return Optional.of(new Progress(
                runId,
                run.campaignId,
                run.state,
                run.total,
                run.invited,
                run.sent,
                run.failed,
                run.sendEmail,
                run.problem));
    }

    private void work(Run run, CampaignId campaignId, InviteEmail wording) {
        try {
            while (true) {
                BulkInvitation batch =
                        invitations.inviteReady(run.org, campaignId, Page.MAX_LIMIT, run.sendEmail, wording);
                run.invited += batch.invited();
                run.sent += batch.emailsSent();
                run.failed += batch.emailsFailed();
                run.total = Math.max(run.total, run.invited + batch.remaining());
                // An empty batch ends the run even if some are still counted as ready (taken by
                // another invite meanwhile): the run never spins.
                if (batch.invited() == 0 || batch.remaining() == 0) {
                    break;
                }
            }
            run.total = run.invited;
            run.state = State.finished;
        } catch (ApiException refused) {
            run.problem = refused.getMessage();
            run.state = State.failed;
        } catch (RuntimeException e) {
            log.warn("Inviting the ready recipients of campaign {} stopped: {}", run.campaignId, e.toString());
            run.state = State.failed;
        } finally {
            run.ended = clock.instant();
        }
    }

    private void forgetOld() {
        Instant before = clock.instant().minus(KEPT);
        runs.values().removeIf(run -> run.ended.isBefore(before));
    }

    @PreDestroy
    void stop() {
        workers.shutdownNow();
    }
}
