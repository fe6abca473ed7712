package com.walletcards.holder;

import com.walletcards.access.OrganizationContact;
import com.walletcards.campaign.Campaign;
import com.walletcards.campaign.CampaignImage;
import com.walletcards.campaign.CampaignImages;
import com.walletcards.campaign.CardColours;
import com.walletcards.campaign.CardDesign;
import com.walletcards.campaign.EventTimes;
import com.walletcards.campaign.ImageKind;
import com.walletcards.card.AddToWalletOutcome;
import com.walletcards.card.CardProperties;
import com.walletcards.card.HolderCards;
import com.walletcards.card.ProviderObject;
import com.walletcards.card.WalletCard;
import com.walletcards.card.spi.AddToWallet;
import com.walletcards.notification.CardMessages;
import com.walletcards.recipient.Recipient;
import com.walletcards.shared.Times;
import java.time.Clock;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Service;

/**
 * Gathers what the page behind a download link shows. The download code is the only credential:
 * it is unguessable (192 bits), and everything else is found through the card it names.
 */
@Service
public class CardPages {

    /**
     * The outcome of opening a link: a card to show, a void card, or nothing at all; each in the
     * page's language, with how to reach the organizer when it is known and has a contact.
     */
    public sealed interface Outcome {
        Locale locale();

        @Nullable
        OrganizationContact contact();

        String organizer();
    }

    public record Live(
            CardPageView view, Locale locale, @Nullable OrganizationContact contact) implements Outcome {
        @Override
        public String organizer() {
            return view.organizer();
        }
    }

    /** A revoked card: the holder learns that it is void and from whom, nothing to scan or add. */
    public record Void(
            String title,
            String organizer,
            Locale locale,
            @Nullable OrganizationContact contact) implements Outcome {}

    /**
     * No card to show. The organizer is named only when the service has one organization: then
     * every link is that organizer's, and saying so tells nothing about the link.
     */
    public record Missing(
            String organizer, Locale locale, @Nullable OrganizationContact contact) implements Outcome {}

    private static final Logger log = LoggerFactory.getLogger(CardPages.class);

    /** recipientData keys the service reads itself; they are not the holder's business. */
    private static final Set<String> INTERNAL_KEYS = Set.of("barcodeValue");

    private final HolderLinks links;
    private final HolderCards cards;
    private final CampaignImages images;
    private final CardMessages messages;
    private final CardProperties properties;
    private final MessageSource words;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    CardPages(
            HolderLinks links,
            HolderCards cards,
            CampaignImages images,
            CardMessages messages,
            CardProperties properties,
            MessageSource words,
            ApplicationEventPublisher events,
            Clock clock) {
        this.links = links;
        this.cards = cards;
        this.images = images;
        this.messages = messages;
        this.properties = properties;
        this.words = words;
        this.events = events;
        this.clock = clock;
    }

    /** The page speaks the language of ADR 0032 ({@link HolderLinks#language}). */
    public Outcome open(String code, @Nullable String acceptLanguage, Device device) {
        Optional<HolderLinks.Found> found = links.find(code, acceptLanguage);
        if (found.isEmpty()) {
            HolderLinks.Unknown unknown = links.unknown(acceptLanguage);
            return new Missing(unknown.organizer(), unknown.locale(), unknown.contact());
        }
        HolderLinks.Found card = found.get();
        if (card.revoked()) {
            return new Void(card.campaign().name(), card.organizer(), card.locale(), card.contact());
        }
        Live live = new Live(
                view(card.card(), card.campaign(), card.recipient(), card.organizer(), card.locale(), device),
                card.locale(),
                card.contact());
        opened(card.card(), device);
        return live;
    }

    /** Reports the page as opened; a failure to record it is logged and never fails the page. */
    private void opened(WalletCard card, Device device) {
        try {
            events.publishEvent(new CardPageOpened(
                    card.organizationId(),
                    card.id(),
                    card.recipientId(),
                    card.campaignId(),
                    device.deviceClass(),
                    Times.now(clock)));
        } catch (RuntimeException e) {
            log.warn("The opening of card page {} was not recorded: {}", card.id(), e.toString());
        }
    }

    /**
     * The providers whose "add to wallet" action the page offers. The one place to ask once the
     * providers say themselves whether they are enabled.
     */
    List<String> enabledProviders(WalletCard card) {
        return card.objects().stream()
                .map(ProviderObject::provider)
                .filter(cards::providerExists)
                .toList();
    }

    private CardPageView view(
            WalletCard card, Campaign campaign, Recipient recipient, String organizer, Locale locale, Device device) {
        CardDesign design = campaign.design();
        Map<ImageKind, CampaignImage> pictures = images.effective(card.organizationId(), campaign.id());
        EventTimes.When when = EventTimes.of(campaign, locale, words.getMessage("card.nextDay", null, locale));
        LocalTime doors = EventTimes.doorsOpen(campaign);
        String barcodeType = campaign.barcodeType().name();
        CardPageView.Barcode barcode = BarcodeImages.dataUri(barcodeType, card.barcodeValue())
                .map(uri -> new CardPageView.Barcode(
                        barcodeType,
                        uri,
                        card.barcodeValue(),
                        barcodeType.equals("code128") || barcodeType.equals("pdf417")))
                .orElse(null);
        CardPageView.Message message = messages.latest(card.organizationId(), card.id())
                .map(m -> new CardPageView.Message(
                        m.header(), m.body(), EventTimes.moment(m.deliveredAt(), campaign.timezone(), locale)))
                .orElse(null);
        List<CardPageView.Action> actions = new ArrayList<>();
        CardPageView.Offer euOffer = null;
        for (Wallet wallet : Wallet.ordered(enabledProviders(card), device)) {
            String path = "/c/" + card.downloadCode() + "/" + wallet.provider();
            if (wallet == Wallet.EU && !device.phone()) {
                // On a computer the EU wallet lives on the holder's phone: a code to scan gets it there.
                euOffer = new CardPageView.Offer(
                        wallet.messageKey(), BarcodeImages.qrOfLink(scannable(card, wallet, path)), path);
            } else {
                actions.add(new CardPageView.Action(
                        wallet.provider(),
                        wallet.messageKey(),
                        path,
                        cards.holderNoteKey(wallet.provider()).orElse(null)));
            }
        }
        return new CardPageView(
                card.downloadCode(),
                campaign.name(),
                campaign.type().name(),
                organizer,
                recipient.name(),
                campaign.venue().map(VenueMaps::place).orElse(null),
                when,
                doors == null ? null : doors.toString(),
                design.description(),
                details(recipient.recipientData()),
                barcode,
                message,
                CardColours.of(design),
                uploaded(pictures.get(ImageKind.logo)),
                design.logoText(),
                uploaded(pictures.get(ImageKind.strip)),
                actions,
                euOffer);
    }

    /**
     * What the phone's wallet scans: the provider's own offer (for the EU wallet the
     * {@code openid-credential-offer://} URI, which its scanner expects, with a fresh single-use
     * code), else the card's page for that wallet (a demonstration wallet, or an offer that
     * cannot be made now), which a phone's camera opens.
     */
    private String scannable(WalletCard card, Wallet wallet, String path) {
        if (cards.addToWallet(card.downloadCode(), wallet.provider()) instanceof AddToWalletOutcome.Ready ready
                && ready.action() instanceof AddToWallet.Offer offer) {
            return offer.offerUri();
        }
        return properties.link(path);
    }

    /** Same-origin paths, so the page loads nothing from elsewhere; built-in images add nothing to a page. */
    static @Nullable String uploaded(@Nullable CampaignImage image) {
        return image == null || image.builtIn() ? null : CampaignImage.path(image.sha256());
    }

    private static List<CardPageView.Detail> details(Map<String, Object> recipientData) {
        List<CardPageView.Detail> details = new ArrayList<>();
        recipientData.forEach((key, value) -> {
            boolean scalar = value instanceof String || value instanceof Number || value instanceof Boolean;
            if (scalar
                    && !INTERNAL_KEYS.contains(key)
                    && !key.startsWith("_")
                    && !String.valueOf(value).isBlank()) {
                details.add(new CardPageView.Detail(key, label(key), String.valueOf(value)));
            }
        });
        return details;
    }

    /** "seatRow" and "seat_row" read as "Seat row". */
    static String label(String key) {
        String spaced = key.replace('_', ' ')
                .replace('-', ' ')
                .replaceAll("([a-z0-9])([A-Z])", "$1 $2")
                .toLowerCase(Locale.ROOT)
                .strip();
        return spaced.isEmpty() ? key : Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }
}
