/**
 * The service's plumbing, which no domain module calls: the embedded database and its rebuild
 * after a kill, each request's deadline for the database and the watcher that tells a silent
 * database from a busy one, the data directory, background-work wake-ups and metrics, the
 * retention job, and the HTTP conventions (the error envelope for every failure, body limits,
 * request ids, the API documentation, the front page).
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"shared"})
@org.jspecify.annotations.NullMarked
package com.walletcards.platform;
