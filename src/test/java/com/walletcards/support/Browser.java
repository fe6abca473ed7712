package com.walletcards.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium, driven by its own ChromeDriver (never a downloaded browser), with a
 * fresh profile per instance. Emulates a device's screen, language and User-Agent, and keeps
 * screenshots under {@code target/screenshots/} as build artifacts.
 */
public final class Browser implements AutoCloseable {

    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    public static final Path SCREENSHOTS = Path.of("target", "screenshots");

    /**
     * With {@code -Dwallet.docs.screenshots=true}, {@link #document} also writes the pictures the
     * documentation shows into {@code docs/images/}; otherwise it writes nothing.
     */
    public static final boolean DOCS = Boolean.getBoolean("wallet.docs.screenshots");

    public static final Path DOCS_IMAGES = Path.of("docs", "images");

    /** How much of a page the documentation shows, in CSS pixels: the first screens, not every detail. */
    private static final int DOCS_MAX_HEIGHT_PHONE = 2400;

    private static final int DOCS_MAX_HEIGHT_DESKTOP = 1400;

    /** A screen, the language the browser asks for, and the User-Agent it sends. */
    public record Device(String name, int width, int height, boolean mobile, String language, String userAgent) {

        public static Device iphone(String language) {
            return new Device(
                    "iphone-" + language,
                    390,
                    844,
                    true,
                    language,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15"
                            + " (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1");
        }

        public static Device android(String language) {
            return new Device(
                    "android-" + language,
                    390,
                    844,
                    true,
                    language,
                    "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko)"
                            + " Chrome/130.0.0.0 Mobile Safari/537.36");
        }

        public static Device desktop(String language) {
            return new Device(
                    "desktop-" + language,
                    1280,
                    800,
                    false,
                    language,
                    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36");
        }
    }

    private final ChromeDriver driver;
    private final Path profile;
    private final Device device;

    public Browser(Device device) {
        this.device = device;
        try {
            this.profile = Files.createTempDirectory("chromium-profile");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--lang=" + device.language(),
                "--user-agent=" + device.userAgent(),
                "--window-size=" + device.width() + "," + device.height());
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", device.language()));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        this.driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        // The real viewport of the device, with the mobile viewport meta honoured.
        driver.executeCdpCommand(
                "Emulation.setDeviceMetricsOverride",
                Map.of(
                        "width", device.width(),
                        "height", device.height(),
                        "deviceScaleFactor", device.mobile() ? 2 : 1,
                        "mobile", device.mobile()));
    }

    public Browser open(String url) {
        driver.get(url);
        return this;
    }

    public ChromeDriver driver() {
        return driver;
    }

    /**
     * The first element the selector finds, waiting up to 10 s for one: a click or a key may just
     * have started loading the next page, whose elements are not there yet.
     */
    public WebElement find(String css) {
        return new WebDriverWait(driver, Duration.ofSeconds(10), Duration.ofMillis(50))
                .until(d -> d.findElement(By.cssSelector(css)));
    }

    /** Waits up to 15 s for the page the sign-in form leads to: the console's, no longer the form's. */
    public void awaitSignedIn() {
        new WebDriverWait(driver, Duration.ofSeconds(15), Duration.ofMillis(50))
                .until(d -> !d.getCurrentUrl().contains("/console/sign-in")
                        && !d.findElements(By.cssSelector("h1")).isEmpty());
    }

    /**
     * Types into a form's field and waits up to 15 s for the page the form leads to: reading the
     * field or the text right after the key would read the page that is being left.
     */
    public void typeAndSubmit(String css, CharSequence... keys) {
        WebElement leaving = find("html");
        find(css).sendKeys(keys);
        new WebDriverWait(driver, Duration.ofSeconds(15), Duration.ofMillis(50))
                .until(ExpectedConditions.stalenessOf(leaving));
    }

    public List<WebElement> findAll(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Text as the holder sees it: only what is rendered visibly. */
    public String visibleText() {
        return find("body").getText();
    }

    /** The whole page, not only the first screen, as {@code target/screenshots/<name>-<device>.png}. */
    public Path screenshot(String name) {
        return write(SCREENSHOTS.resolve(name + "-" + device.name() + ".png"), capture(Integer.MAX_VALUE, 1));
    }

    /**
     * A picture for the documentation, {@code docs/images/<name>-<phone|desktop>.png}, when
     * {@link #DOCS} is on: a phone at its CSS size (one image pixel per CSS pixel keeps the file
     * small), at most the first few screens of the page. Off, it does nothing and answers null.
     */
    public @org.jspecify.annotations.Nullable Path document(String name) {
        if (!DOCS) {
            return null;
        }
        byte[] png = device.mobile() ? capture(DOCS_MAX_HEIGHT_PHONE, 0.5) : capture(DOCS_MAX_HEIGHT_DESKTOP, 1);
        return write(DOCS_IMAGES.resolve(name + "-" + (device.mobile() ? "phone" : "desktop") + ".png"), png);
    }

    @SuppressWarnings("unchecked")
    private byte[] capture(int maxHeight, double scale) {
        Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        Map<String, Number> size = (Map<String, Number>) metrics.get("cssContentSize");
        Map<String, Object> shot = driver.executeCdpCommand(
                "Page.captureScreenshot",
                Map.of(
                        "format",
                        "png",
                        "captureBeyondViewport",
                        true,
                        "clip",
                        Map.of(
                                "x",
                                0,
                                "y",
                                0,
                                "width",
                                Math.max(device.width(), size.get("width").doubleValue()),
                                "height",
                                Math.min(
                                        maxHeight,
                                        Math.max(
                                                device.height(),
                                                size.get("height").doubleValue())),
                                "scale",
                                scale)));
        return Base64.getDecoder().decode((String) shot.get("data"));
    }

    private static Path write(Path file, byte[] png) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a leftover temporary profile is harmless
            }
        }
    }
}
