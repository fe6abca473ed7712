/** Invite emails: templates with placeholders, SMTP delivery, and a file outbox for the embedded mode. */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared"})
@org.jspecify.annotations.NullMarked
package com.walletcards.email;
