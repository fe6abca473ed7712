/**
 * CSV imports of recipients: the upload staged row by row, the durable job that adds the staged
 * rows a batch per transaction, and the import's progress and errors. Internal to the recipient
 * module; its web side is in {@code recipient.web}.
 */
@org.jspecify.annotations.NullMarked
package com.walletcards.recipient.imports;
