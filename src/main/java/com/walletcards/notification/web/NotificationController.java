package com.walletcards.notification.web;

import com.walletcards.access.RequiresScope.CampaignsRead;
import com.walletcards.access.RequiresScope.CampaignsWrite;
import com.walletcards.campaign.CampaignId;
import com.walletcards.notification.Notification;
import com.walletcards.notification.NotificationManagement;
import com.walletcards.notification.NotificationManagement.NotificationPage;
import com.walletcards.notification.NotificationStatus;
import com.walletcards.shared.Envelope;
import com.walletcards.shared.OrganizationId;
import com.walletcards.shared.Page;
import com.walletcards.shared.Pagination;
import com.walletcards.shared.Validation;
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
    Envelope<NotificationView> send(
            OrganizationId org, @PathVariable String campaignId, @RequestBody SendNotificationRequest body) {
        return Envelope.of(view(notifications.send(org, new CampaignId(campaignId), body.validated())));
    }

    @PostMapping(path = "/schedule", consumes = "application/json")
    @ResponseStatus(HttpStatus.CREATED)
    @CampaignsWrite
    Envelope<NotificationView> schedule(
            OrganizationId org, @PathVariable String campaignId, @RequestBody ScheduleNotificationRequest body) {
        ScheduleNotificationRequest.Validated request = body.validated();
        return Envelope.of(view(
                notifications.schedule(org, new CampaignId(campaignId), request.message(), request.scheduledFor())));
    }

    @GetMapping("/scheduled")
    @CampaignsRead
    Envelope<NotificationList> listScheduled(
            OrganizationId org,
            @PathVariable String campaignId,
            @RequestParam(required = false) @Nullable String status,
            @RequestParam(required = false) @Nullable String limit,
            @RequestParam(required = false) @Nullable String offset) {
        Validation v = new Validation();
        Page page = Page.parse(limit, offset, v);
        NotificationStatus s =
                v.oneOf("status", status, NotificationStatus.class, EnumSet.allOf(NotificationStatus.class));
        v.throwIfInvalid();
        NotificationPage found = notifications.listScheduled(org, new CampaignId(campaignId), s, page);
        return Envelope.of(new NotificationList(views(found.notifications()), Pagination.of(found.total(), page)));
    }

    @GetMapping("/{notificationId}")
    @CampaignsRead
    Envelope<NotificationView> get(
            OrganizationId org, @PathVariable String campaignId, @PathVariable String notificationId) {
        return Envelope.of(view(notifications.get(org, new CampaignId(campaignId), notificationId)));
    }

    @DeleteMapping("/{notificationId}")
    @CampaignsWrite
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
}
