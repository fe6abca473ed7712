/**
 * The number of a campaign's recipients per status, read from the rows the database keeps with
 * every change of recipients, and the background folding of those rows. Internal to the recipient
 * module. The H2 trigger that keeps the rows stays in the module's root package, with the migration
 * that creates it: existing embedded databases name the trigger by its class name.
 */
@org.jspecify.annotations.NullMarked
package com.walletcards.recipient.counts;
