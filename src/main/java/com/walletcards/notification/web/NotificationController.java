package com.walletcards.notification.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.access.RequiresScope.CampaignsWrite;
import com.walletcards.campaign.CampaignId;
import com.walletcards.notification.Notification;
import com.walletcards.notification.NotificationKind;
import com.walletcards.notification.NotificationManagement;
import com.walletcards.notification.NotificationManagement.NotificationPage;
import com.walletcards.notification.NotificationStatus;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.ErrorCode;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
import com.walletcards.shared.web.FailsWith;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.EnumSet;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = "/v1/campaigns/{campaignId}/notifications", produces = "application/json")
class NotificationController {

    private final NotificationManagement notifications;

    NotificationController(NotificationManagement notifications) {
        this.notifications = notifications;
    }

    record NotificationList(List<NotificationView> notifications, Pagination pagination) {}

    @PostMapping(consumes = "application/json")
    @ResponseStatus(HttpStatus.CREATED)
    @CampaignsWrite
    @Operation(
            operationId = "sendNotification",
            summary = "Send a notification now",
            description = "Goes in the background to every card that is active when the fan-out reaches it. Counts"
                    + " towards the campaign's lifetime limit of 3 notifications, also when no card is installed"
                    + " yet.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content =
                                    @Content(
                                            examples =
                                                    @ExampleObject(
                                                            name = "doorsOpen",
                                                            value =
                                                                    "{\"header\": \"Doors open\", \"body\": \"Gate 3 is open\"}"))))
    @FailsWith({ErrorCode.NOTIFICATION_LIMIT_EXCEEDED, ErrorCode.INVALID_STATE})
    Envelope<NotificationView> send(
            OrganizationId org, @PathVariable String campaignId, @RequestBody SendNotificationRequest body) {
        return Envelope.of(view(notifications.send(org, new CampaignId(campaignId), body.validated())));
    }

    @PostMapping(path = "/schedule", consumes = "application/json")
    @ResponseStatus(HttpStatus.CREATED)
    @CampaignsWrite
    @Operation(
            operationId = "scheduleNotification",
            summary = "Schedule a notification",
            description = "Sent once, within a minute after scheduledFor, also across restarts and instances."
                    + " Counts towards the campaign's lifetime limit of 3 notifications until cancelled.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            content = @Content(examples = @ExampleObject(name = "eveningBefore", value = """
                                            {"header": "Tomorrow", "body": "See you at 18:00",
                                             "scheduledFor": "2031-07-01T17:00:00+02:00"}"""))))
    @FailsWith({ErrorCode.NOTIFICATION_LIMIT_EXCEEDED, ErrorCode.INVALID_STATE})
    Envelope<NotificationView> schedule(
            OrganizationId org, @PathVariable String campaignId, @RequestBody ScheduleNotificationRequest body) {
        ScheduleNotificationRequest.Validated request = body.validated();
        return Envelope.of(view(
                notifications.schedule(org, new CampaignId(campaignId), request.message(), request.scheduledFor())));
    }

    @GetMapping
    @CampaignsRead
    @Operation(
            operationId = "listNotifications",
            summary = "List notifications",
            description = "Every notification of the campaign, immediate and scheduled, newest first.")
    Envelope<NotificationList> list(
            OrganizationId org,
            @PathVariable String campaignId,
            @Parameter(description = "Only this kind", schema = @Schema(implementation = NotificationKind.class))
                    @RequestParam(required = false)
                    @Nullable
                    String kind,
            @Parameter(description = "Only this status", schema = @Schema(implementation = NotificationStatus.class))
                    @RequestParam(required = false)
                    @Nullable
                    String status,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        NotificationKind k = v.oneOf("kind", kind, NotificationKind.class, EnumSet.allOf(NotificationKind.class));
        NotificationStatus s = status(status, v);
        v.throwIfInvalid();
        return listOf(notifications.list(org, new CampaignId(campaignId), k, s, page), page);
    }

    @GetMapping("/scheduled")
    @CampaignsRead
    @Operation(
            operationId = "listScheduledNotifications",
            summary = "List scheduled notifications",
            description = "Scheduled notifications only, in the order they go out: by scheduledFor, then id.")
    Envelope<NotificationList> listScheduled(
            OrganizationId org,
            @PathVariable String campaignId,
            @Parameter(description = "Only this status", schema = @Schema(implementation = NotificationStatus.class))
                    @RequestParam(required = false)
                    @Nullable
                    String status,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        NotificationStatus s = status(status, v);
        v.throwIfInvalid();
        return listOf(notifications.listScheduled(org, new CampaignId(campaignId), s, page), page);
    }

    @GetMapping("/{notificationId}")
    @CampaignsRead
    @Operation(
            operationId = "getNotification",
            summary = "Get a notification",
            description = "One notification of either kind, with its delivery counts.")
    Envelope<NotificationView> get(
            OrganizationId org, @PathVariable String campaignId, @PathVariable String notificationId) {
        return Envelope.of(view(notifications.get(org, new CampaignId(campaignId), notificationId)));
    }

    @DeleteMapping("/{notificationId}")
    @CampaignsWrite
    @Operation(
            operationId = "cancelNotification",
            summary = "Cancel a scheduled notification",
            description = "Only while pending; a cancelled notification no longer counts towards the limit.")
    @FailsWith(ErrorCode.INVALID_STATE)
    Envelope<NotificationView> cancel(
            OrganizationId org, @PathVariable String campaignId, @PathVariable String notificationId) {
        return Envelope.of(view(notifications.cancel(org, new CampaignId(campaignId), notificationId)));
    }

    private NotificationView view(Notification n) {
        return views(List.of(n)).get(0);
    }

    private List<NotificationView> views(List<Notification> found) {
        var reports = notifications.providerReports(
                found.stream().map(Notification::id).toList());
        return found.stream().map(n -> NotificationView.of(n, reports)).toList();
    }

    private static @Nullable NotificationStatus status(@Nullable String status, Validation v) {
        return v.oneOf("status", status, NotificationStatus.class, EnumSet.allOf(NotificationStatus.class));
    }

    private Envelope<NotificationList> listOf(NotificationPage found, Page page) {
        return Envelope.of(new NotificationList(views(found.notifications()), Pagination.of(found.total(), page)));
    }
}
