package com.walletcards.email;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Service;

/**
 * Sends emails by SMTP, or writes them to the outbox folder when no SMTP server is configured.
 * Never throws: a failed email is reported as {@code false}, so it cannot undo the invitation.
 */
@Service
public class Mailer {

    private static final Logger log = LoggerFactory.getLogger(Mailer.class);
    private final EmailProperties properties;
    private final JavaMailSenderImpl smtp;

    Mailer(EmailProperties properties) {
        this.properties = properties;
        this.smtp = new JavaMailSenderImpl();
        if (properties.smtp()) {
            smtp.setHost(properties.smtpHost());
            smtp.setPort(properties.smtpPort());
            smtp.setUsername(blankToNull(properties.smtpUser()));
            smtp.setPassword(blankToNull(properties.smtpPassword()));
            Properties p = smtp.getJavaMailProperties();
            p.put("mail.smtp.connectiontimeout", "10000");
            p.put("mail.smtp.timeout", "10000");
            p.put("mail.smtp.writetimeout", "10000");
            p.put("mail.smtp.starttls.enable", Boolean.toString(properties.smtpStarttls()));
            p.put(
                    "mail.smtp.auth",
                    Boolean.toString(properties.smtpUser() != null
                            && !properties.smtpUser().isBlank()));
        }
    }

    public boolean send(OutgoingEmail email) {
        try {
            MimeMessage message = properties.smtp()
                    ? smtp.createMimeMessage()
                    : new MimeMessage(Session.getInstance(new Properties()));
            MimeMessageHelper helper = new MimeMessageHelper(message, true, "UTF-8");
            helper.setFrom(sender(email));
            helper.setTo(email.to());
            if (email.replyTo() != null && !email.replyTo().isBlank()) {
                helper.setReplyTo(email.replyTo());
            }
            helper.setSubject(email.subject());
            helper.setText(email.text(), email.html());
            if (properties.smtp()) {
                smtp.send(message);
            } else {
                writeToOutbox(message);
            }
            return true;
        } catch (MessagingException | IOException | RuntimeException e) {
            log.warn("Email to a recipient could not be sent: {}", e.getMessage());
            return false;
        }
    }

    /** The service's own address, under the organizer's name when the email speaks for one. */
    private InternetAddress sender(OutgoingEmail email) throws AddressException, UnsupportedEncodingException {
        InternetAddress from = new InternetAddress(properties.from(), true);
        if (email.senderName() == null || email.senderName().isBlank()) {
            return from;
        }
        return new InternetAddress(from.getAddress(), email.senderName(), StandardCharsets.UTF_8.name());
    }

    private void writeToOutbox(MimeMessage message) throws IOException, MessagingException {
        Path outbox = properties.dataDir().resolve("outbox");
        Files.createDirectories(outbox);
        message.saveChanges();
        Path file = outbox.resolve(System.currentTimeMillis() + "-" + UUID.randomUUID() + ".eml");
        try (OutputStream out = Files.newOutputStream(file)) {
            message.writeTo(out);
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
