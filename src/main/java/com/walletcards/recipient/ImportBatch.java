package com.walletcards.recipient;

import com.walletcards.campaign.Campaign;
import com.walletcards.recipient.imports.ImportRow;
import com.walletcards.recipient.imports.RecipientImport.RowError;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.FieldError;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Adds one batch of staged rows in the caller's transaction, through the bulk registration path
 * (duplicate detection, barcode rule, card generation). With upsert, a row whose {@code externalId}
 * names a recipient of the campaign updates that recipient instead: its non-empty cells replace
 * name and phone and are merged into {@code recipientData}; the email must stay the same. Public
 * for the import job ({@code recipient.imports}); it stays in this package because it works with
 * the registration, the recipient and its queries, which are this package's own.
 */
@Component
public class ImportBatch {

    private final RecipientRegistration registration;
    private final RecipientQueries queries;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    ImportBatch(
            RecipientRegistration registration,
            RecipientQueries queries,
            ApplicationEventPublisher events,
            Clock clock) {
        this.registration = registration;
        this.queries = queries;
        this.events = events;
        this.clock = clock;
    }

    public record Outcome(int created, int updated, int failed, List<RowError> errors) {}

    public Outcome add(OrganizationId org, Campaign campaign, List<ImportRow> rows, boolean upsert, boolean sendEmail) {
        Instant now = Times.now(clock);
        Map<String, List<Recipient>> existing = upsert ? existingByExternalId(org, campaign, rows) : Map.of();
        Map<String, BulkAdd.Item> newByExternalId = new HashMap<>();
        Map<Long, BulkAdd.Item> toCreate = new LinkedHashMap<>();
        Set<Recipient> changed = new LinkedHashSet<>();
        List<RowError> errors = new ArrayList<>();
        int updated = 0;
        int failed = 0;
        for (ImportRow row : rows) {
            NewRecipient input = row.recipient();
            String externalId = input == null ? null : input.externalId();
            List<FieldError> problems = row.problems();
            if (input != null && upsert && externalId != null) {
                List<Recipient> matches = existing.getOrDefault(externalId, List.of());
                BulkAdd.Item earlier = newByExternalId.get(externalId);
                if (matches.size() > 1) {
                    problems = List.of(new FieldError("externalId", "matches several recipients of the campaign"));
                } else if (matches.size() == 1) {
                    problems = update(matches.get(0), input, now, changed);
                } else if (earlier != null) {
                    problems = mergeInto(earlier, input, toCreate, newByExternalId);
                } else {
                    BulkAdd.Item item = BulkAdd.Item.valid((int) row.line(), input);
                    newByExternalId.put(externalId, item);
                    toCreate.put(row.line(), item);
                    continue;
                }
                if (problems.isEmpty()) {
                    updated++;
                    continue;
                }
            } else if (input != null) {
                toCreate.put(row.line(), BulkAdd.Item.valid((int) row.line(), input));
                continue;
            }
            failed++;
            problems.forEach(p ->
                    errors.add(new RowError(row.line(), p.field(), ErrorCode.VALIDATION_FAILED.name(), p.message())));
        }
        queries.updateContent(List.copyOf(changed));
        BulkAdd.Result result =
                registration.register(org, campaign, List.copyOf(toCreate.values()), sendEmail, line -> "");
        for (BulkAdd.Refused refused : result.errors()) {
            failed++;
            refused.details()
                    .forEach(d -> errors.add(new RowError(refused.index(), d.field(), refused.code(), d.message())));
        }
        errors.sort((a, b) -> Long.compare(a.line(), b.line()));
        return new Outcome(result.created(), updated, failed, errors);
    }

    private Map<String, List<Recipient>> existingByExternalId(
            OrganizationId org, Campaign campaign, List<ImportRow> rows) {
        Set<String> ids = new LinkedHashSet<>();
        rows.stream()
                .filter(r -> r.recipient() != null && r.recipient().externalId() != null)
                .forEach(r -> ids.add(r.recipient().externalId()));
        Map<String, List<Recipient>> found = new HashMap<>();
        queries.lockByExternalIds(org, campaign.id().value(), ids)
                .forEach(r -> found.computeIfAbsent(r.externalId(), k -> new ArrayList<>())
                        .add(r));
        return found;
    }

    private List<FieldError> update(Recipient target, NewRecipient input, Instant now, Set<Recipient> changed) {
        if (!sameEmail(target.email(), input.email())) {
            return emailDiffers();
        }
        RecipientChanges changes = new RecipientChanges(
                input.name() != null,
                input.name(),
                input.phone() != null,
                input.phone(),
                false,
                null,
                Map.copyOf(input.recipientData()),
                null,
                input.locale() != null,
                input.locale());
        target.apply(changes, now).ifPresent(events::publishEvent);
        changed.add(target);
        return List.of();
    }

    /** A later row of this batch for a recipient an earlier row of it creates: the later values win. */
    private static List<FieldError> mergeInto(
            BulkAdd.Item earlier,
            NewRecipient later,
            Map<Long, BulkAdd.Item> toCreate,
            Map<String, BulkAdd.Item> newByExternalId) {
        NewRecipient first = earlier.recipient();
        if (first == null || !sameEmail(first.email(), later.email())) {
            return emailDiffers();
        }
        Map<String, Object> data = new LinkedHashMap<>(first.recipientData());
        data.putAll(later.recipientData());
        NewRecipient merged = new NewRecipient(
                first.email(),
                later.name() != null ? later.name() : first.name(),
                later.phone() != null ? later.phone() : first.phone(),
                first.externalId(),
                data,
                first.providerTypes(),
                later.locale() != null ? later.locale() : first.locale());
        BulkAdd.Item item = BulkAdd.Item.valid(earlier.index(), merged);
        toCreate.put((long) earlier.index(), item);
        newByExternalId.put(first.externalId(), item);
        return List.of();
    }

    private static boolean sameEmail(String a, String b) {
        return Recipient.normalizedEmail(a).equals(Recipient.normalizedEmail(b));
    }

    private static List<FieldError> emailDiffers() {
        return List.of(new FieldError(
                "email", "differs from the email of the recipient with this externalId; an email cannot change"));
    }
}
