package com.walletcards.shared;

/**
 * One coalesced run ({@link CoalescedRuns}): the key it coalesces requests for (a campaign, a
 * card) and the id of this run of it. Its job instance id is {@code <key>/<run>}; executions
 * stored with that form before this type existed still parse, so pending work survives an
 * upgrade.
 */
public record RunId(String key, String run) {

    private static final char SEPARATOR = '/';

    public RunId {
        requirePart("key", key);
        requirePart("run", run);
    }

    /** A run of {@code key} never seen before, so its execution never meets one that is ending. */
    public static RunId fresh(String key) {
        return new RunId(key, Ids.newId("run"));
    }

    /** The job instance id of this run's execution. */
    public String instance() {
        return key + SEPARATOR + run;
    }

    /** The run named by a job instance id made by {@link #instance()}. */
    public static RunId parse(String instance) {
        int separator = instance.indexOf(SEPARATOR);
        if (separator < 0) {
            throw new IllegalArgumentException("Not a run's instance id, no '/': " + instance);
        }
        try {
            return new RunId(instance.substring(0, separator), instance.substring(separator + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Not a run's instance id: " + instance, e);
        }
    }

    private static void requirePart(String name, String value) {
        if (value.isEmpty()) {
            throw new IllegalArgumentException("A run's " + name + " must not be empty");
        }
        if (value.indexOf(SEPARATOR) >= 0) {
            // The instance id could not be split back into the same key and run.
            throw new IllegalArgumentException("A run's " + name + " must not contain '/': " + value);
        }
    }
}
