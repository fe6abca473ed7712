package com.walletcards.campaign;

import com.walletcards.campaign.CampaignErrors.InvalidStatusTransition;
import com.walletcards.campaign.CampaignErrors.SettingLocked;
import com.walletcards.campaign.CampaignEvents.CampaignEvent;
import com.walletcards.campaign.CampaignEvents.CampaignStatusChanged;
import com.walletcards.campaign.CampaignEvents.CampaignUpdated;
import com.walletcards.shared.InvalidState;
import com.walletcards.shared.Json;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Validation;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The campaign aggregate. It owns its status machine and the rules of change; every method that
 * changes state returns the events that describe the change (empty when nothing changed).
 */
public final class Campaign {

    private final CampaignId id;
    private final OrganizationId organizationId;
    private String name;
    private CampaignType type;
    private CampaignStatus status;
    private Map<String, Object> data;
    private Map<String, Object> metadata;
    private @Nullable LocalDate startDate;
    private @Nullable LocalDate endDate;
    private List<String> providerTypes;
    private final boolean hasRecipients;
    private long contentVersion;
    private final Instant createdAt;
    private Instant updatedAt;
    /** Derived from the data and dates whenever they change, and stored with them. */
    private EventSchedule schedule;

    Campaign(
            CampaignId id,
            OrganizationId organizationId,
            String name,
            CampaignType type,
            CampaignStatus status,
            Map<String, Object> data,
            Map<String, Object> metadata,
            @Nullable LocalDate startDate,
            @Nullable LocalDate endDate,
            List<String> providerTypes,
            boolean hasRecipients,
            long contentVersion,
            Instant createdAt,
            Instant updatedAt,
            EventSchedule schedule) {
        this.id = id;
        this.organizationId = organizationId;
        this.name = name;
        this.type = type;
        this.status = status;
        this.data = data;
        this.metadata = metadata;
        this.startDate = startDate;
        this.endDate = endDate;
        this.providerTypes = List.copyOf(providerTypes);
        this.hasRecipients = hasRecipients;
        this.contentVersion = contentVersion;
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
        this.schedule = schedule;
    }

    static Campaign create(CampaignId id, OrganizationId org, NewCampaign input, Instant now) {
        Map<String, Object> data = new LinkedHashMap<>(input.campaignData());
        if (input.timezone() != null) {
            data.put(CampaignData.TIMEZONE, input.timezone().getId());
        }
        data = CampaignData.withDefaults(data);
        Validation v = new Validation();
        CampaignData.read(data, v);
        checkDates(input.startDate(), input.endDate(), v);
        v.throwIfInvalid();
        List<String> providers = input.providerTypes().isEmpty() ? List.of("all") : input.providerTypes();
        return new Campaign(
                id,
                org,
                input.name(),
                input.type(),
                CampaignStatus.draft,
                data,
                new LinkedHashMap<>(input.metadata()),
                input.startDate(),
                input.endDate(),
                providers,
                false,
                1,
                now,
                now,
                deriveSchedule(data, input.startDate(), input.endDate()));
    }

    /** Applies a PATCH; returns the events, or nothing when the patch changed nothing. */
    List<CampaignEvent> apply(CampaignChanges changes, Instant now) {
        Validation v = new Validation();
        Map<String, Object> newData = data;
        if (changes.campaignData() != null || changes.timezone() != null) {
            Map<String, @Nullable Object> patch = new LinkedHashMap<>();
            if (changes.campaignData() != null) {
                patch.putAll(changes.campaignData());
            }
            if (changes.timezone() != null) {
                patch.put(CampaignData.TIMEZONE, changes.timezone().getId());
            }
            newData = CampaignData.withDefaults(Json.mergePatch(data, patch));
            CampaignData.read(newData, v);
        }
        LocalDate newStart = changes.startDateSet() ? changes.startDate() : startDate;
        LocalDate newEnd = changes.endDateSet() ? changes.endDate() : endDate;
        checkDates(newStart, newEnd, v);
        v.throwIfInvalid();
        if (hasRecipients
                && !Objects.equals(
                        data.get(CampaignData.BARCODE_VALUE_STRATEGY),
                        newData.get(CampaignData.BARCODE_VALUE_STRATEGY))) {
            throw new SettingLocked("campaignData.barcodeValueStrategy");
        }
        Optional<CampaignStatus> targetStatus =
                changes.status() == null ? Optional.empty() : Optional.of(patchTarget(changes.status()));

        Set<CampaignField> changed = EnumSet.noneOf(CampaignField.class);
        if (changes.name() != null && !changes.name().equals(name)) {
            name = changes.name();
            changed.add(CampaignField.name);
        }
        if (changes.type() != null && changes.type() != type) {
            type = changes.type();
            changed.add(CampaignField.campaignType);
        }
        if (!newData.equals(data)) {
            data = newData;
            changed.add(CampaignField.campaignData);
        }
        if (!Objects.equals(newStart, startDate)) {
            startDate = newStart;
            changed.add(CampaignField.startDate);
        }
        if (!Objects.equals(newEnd, endDate)) {
            endDate = newEnd;
            changed.add(CampaignField.endDate);
        }
        if (changes.providerTypes() != null && !changes.providerTypes().equals(providerTypes)) {
            providerTypes = List.copyOf(changes.providerTypes());
            changed.add(CampaignField.providerTypes);
        }
        if (changes.metadata() != null) {
            Map<String, Object> merged = Json.mergePatch(metadata, changes.metadata());
            if (!merged.equals(metadata)) {
                metadata = merged;
                changed.add(CampaignField.metadata);
            }
        }
        List<CampaignEvent> events = new ArrayList<>();
        if (!changed.isEmpty()) {
            schedule = deriveSchedule(data, startDate, endDate);
            contentVersion++;
            updatedAt = now;
            events.add(new CampaignUpdated(organizationId, id, contentVersion, new CampaignChange(changed), now));
        }
        targetStatus.flatMap(target -> moveTo(target, now)).ifPresent(events::add);
        return events;
    }

    /** The card images changed: new content for every card, though no field of the campaign changed. */
    CampaignUpdated imagesChanged(Instant now) {
        contentVersion++;
        updatedAt = now;
        return new CampaignUpdated(organizationId, id, contentVersion, CampaignChange.of(CampaignField.images), now);
    }

    Optional<CampaignStatusChanged> archive(Instant now) {
        return moveTo(CampaignStatus.archived, now);
    }

    Optional<CampaignStatusChanged> unarchive(Instant now) {
        if (status != CampaignStatus.archived) {
            throw new InvalidState("Only an archived campaign can be unarchived; this one is " + status);
        }
        return moveTo(CampaignStatus.draft, now);
    }

    /** The first invitation makes a draft campaign live. */
    Optional<CampaignStatusChanged> activateOnFirstInvite(Instant now) {
        return status == CampaignStatus.draft ? moveTo(CampaignStatus.active, now) : Optional.empty();
    }

    /** An active campaign whose event is over completes by itself. */
    Optional<CampaignStatusChanged> completeIfOver(Instant now) {
        boolean over = schedule.endsAt() != null && schedule.endsAt().isBefore(now);
        return status == CampaignStatus.active && over ? moveTo(CampaignStatus.completed, now) : Optional.empty();
    }

    /** Adding or inviting people only makes sense while the campaign is not finished or shelved. */
    void ensureAcceptsRecipients() {
        if (status == CampaignStatus.archived || status == CampaignStatus.completed) {
            throw new InvalidState("The campaign is " + status + "; recipients cannot be added or invited");
        }
    }

    private CampaignStatus patchTarget(String requested) {
        CampaignStatus target;
        try {
            target = CampaignStatus.valueOf(requested);
        } catch (IllegalArgumentException e) {
            throw com.walletcards.shared.ValidationFailed.of("status", "must be one of active, archived, draft");
        }
        boolean allowed = switch (target) {
            case active, archived -> true;
            case draft -> status == CampaignStatus.archived || status == CampaignStatus.draft;
            case completed -> false;
        };
        if (!allowed) {
            throw new InvalidStatusTransition(status, requested);
        }
        return target;
    }

    private Optional<CampaignStatusChanged> moveTo(CampaignStatus target, Instant now) {
        if (target == status) {
            return Optional.empty();
        }
        CampaignStatus from = status;
        status = target;
        updatedAt = now;
        return Optional.of(new CampaignStatusChanged(organizationId, id, from, target, now));
    }

    private static void checkDates(@Nullable LocalDate start, @Nullable LocalDate end, Validation v) {
        if (end != null && start == null) {
            v.reject("startDate", "is required when endDate is set");
        }
        if (start != null && end != null && end.isBefore(start)) {
            v.reject("endDate", "must not be before startDate");
        }
    }

    private static EventSchedule deriveSchedule(
            Map<String, Object> data, @Nullable LocalDate startDate, @Nullable LocalDate endDate) {
        CampaignData known = CampaignData.read(data, new Validation());
        if (known == null) {
            return EventSchedule.NONE;
        }
        return EventSchedule.derive(
                startDate, endDate, known.doorsOpen(), known.start(), known.end(), known.timezone());
    }

    public CampaignId id() {
        return id;
    }

    public OrganizationId organizationId() {
        return organizationId;
    }

    public String name() {
        return name;
    }

    public CampaignType type() {
        return type;
    }

    public CampaignStatus status() {
        return status;
    }

    public Map<String, Object> campaignData() {
        return Json.unmodifiable(data);
    }

    public Map<String, Object> metadata() {
        return Json.unmodifiable(metadata);
    }

    public @Nullable LocalDate startDate() {
        return startDate;
    }

    public @Nullable LocalDate endDate() {
        return endDate;
    }

    public List<String> providerTypes() {
        return providerTypes;
    }

    boolean hasRecipients() {
        return hasRecipients;
    }

    public CardDesign design() {
        return CardDesign.of(data);
    }

    /** Where the event takes place: the structured venue, or the location text as its name. */
    public Optional<Venue> venue() {
        return Venue.of(data);
    }

    public long contentVersion() {
        return contentVersion;
    }

    public EventSchedule schedule() {
        return schedule;
    }

    public BarcodeType barcodeType() {
        return BarcodeType.valueOf(String.valueOf(data.get(CampaignData.BARCODE_TYPE)));
    }

    public BarcodeValueStrategy barcodeValueStrategy() {
        return BarcodeValueStrategy.valueOf(String.valueOf(data.get(CampaignData.BARCODE_VALUE_STRATEGY)));
    }

    public java.time.ZoneId timezone() {
        return java.time.ZoneId.of(String.valueOf(data.get(CampaignData.TIMEZONE)));
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant updatedAt() {
        return updatedAt;
    }
}
