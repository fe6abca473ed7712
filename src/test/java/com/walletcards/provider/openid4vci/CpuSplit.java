package com.walletcards.provider.openid4vci;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * Where a measured phase's CPU time went in this JVM, from Linux's per-thread accounting
 * ({@code /proc/self/task}): the issuer's request threads, the test's own threads (the wallets and
 * their HTTP clients, or the baseline's signers), garbage collection, the JIT compilers and the
 * rest, and the machine's PostgreSQL processes besides, against what the machine's cores could
 * have given over the phase's wall time. A
 * throughput ratio alone does not tell whether the issuer got slower or the machine was idle or
 * busy with something else. Elsewhere than on Linux it reports nothing.
 */
final class CpuSplit {

    enum Part {
        ISSUER("issuer"),
        TEST("test threads"),
        GC("GC"),
        JIT("JIT"),
        OTHER("other");

        final String label;

        Part(String label) {
            this.label = label;
        }

        /** Linux keeps the first 15 characters of a thread's name. */
        static Part of(String name) {
            // With virtual threads on (JDK 21+), requests run on the scheduler's carrier threads.
            if (name.startsWith("http-nio") || name.startsWith("ForkJoinPool-")) {
                return ISSUER;
            }
            if (name.startsWith("pool-") || name.startsWith("HttpClient-")) {
                return TEST;
            }
            if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
                return GC;
            }
            if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
                return JIT;
            }
            return OTHER;
        }
    }

    private static final Path TASKS = Path.of("/proc/self/task");
    private static final long TICKS_PER_SECOND = 100;
    private static final long NANOS_PER_SECOND = 1_000_000_000;

    private record Thread(String name, Part part, long nanos) {}

    private final long wallNanos;
    private final Map<String, Thread> threads;
    /** The CPU time (ns) of every PostgreSQL server process on the machine (its backends share the cores). */
    private final long databaseNanos;

    private CpuSplit(long wallNanos, Map<String, Thread> threads, long databaseNanos) {
        this.wallNanos = wallNanos;
        this.threads = threads;
        this.databaseNanos = databaseNanos;
    }

    static CpuSplit now() {
        Map<String, Thread> threads = new HashMap<>();
        if (Files.isDirectory(TASKS)) {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
                for (Path task : tasks) {
                    read(task).ifPresent(t -> threads.put(task.getFileName().toString(), t));
                }
            } catch (IOException e) {
                threads.clear();
            }
        }
        return new CpuSplit(System.nanoTime(), threads, databaseNanos());
    }

    /**
     * The CPU time of the machine's PostgreSQL processes, which share the cores with
     * this JVM: without them, the database's share of a phase would read as idle. A backend that
     * ended between two readings is left out, as a thread is.
     */
    private static long databaseNanos() {
        long nanos = 0;
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path process : processes) {
                var stat = read(process);
                if (stat.isPresent() && stat.get().name().equals("postgres")) {
                    nanos += stat.get().nanos();
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return nanos;
    }

    /**
     * A thread's (or process's) name and its CPU time in nanoseconds, empty if it has ended. The
     * time comes from {@code schedstat}, which the kernel keeps in nanoseconds: the user and system
     * times of {@code stat} are whole clock ticks (10 ms here) per thread, so a wallet thread that
     * ran a few milliseconds in a phase read as nothing. Where there is no {@code schedstat}, the
     * ticks are used.
     */
    private static java.util.Optional<Thread> read(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
            return java.util.Optional.of(new Thread(name, Part.of(name), cpuNanos(task, stat)));
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    private static long cpuNanos(Path task, String stat) {
        try {
            return Long.parseLong(Files.readString(task.resolve("schedstat")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // After the name: state is field 3 of the line, utime 14 and stime 15.
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            return ticks * NANOS_PER_SECOND / TICKS_PER_SECOND;
        }
    }

    /** The share of this JVM's CPU time from {@code start} to this point that {@code part} used (0 when unknown). */
    double share(CpuSplit start, Part part) {
        Map<Part, Long> nanos = nanosSince(start);
        long total = nanos.values().stream().mapToLong(Long::longValue).sum();
        return total == 0 ? 0 : (double) nanos.getOrDefault(part, 0L) / total;
    }

    private Map<Part, Long> nanosSince(CpuSplit start) {
        Map<Part, Long> nanos = new EnumMap<>(Part.class);
        for (var entry : threads.entrySet()) {
            Thread before = start.threads.get(entry.getKey());
            nanos.merge(
                    entry.getValue().part(),
                    entry.getValue().nanos() - (before == null ? 0 : before.nanos()),
                    Long::sum);
        }
        return nanos;
    }

    /**
     * The CPU milliseconds per operation of each part from {@code start} to this point, and the
     * share of the machine's cores this JVM left unused: "issuer 1.21, test threads 0.07, GC
     * 0.30, JIT 0.10, other 0.02 ms per op; idle 5 %". A thread that ended in between is left out.
     */
    String since(CpuSplit start, long operations) {
        if (threads.isEmpty()) {
            return "no per-thread CPU accounting here";
        }
        Map<Part, Long> nanos = nanosSince(start);
        long total = nanos.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder split = new StringBuilder();
        for (Part part : Part.values()) {
            split.append(split.isEmpty() ? "" : ", ")
                    .append(part.label)
                    .append(" %.3f".formatted(nanos.getOrDefault(part, 0L) / 1e6 / operations));
        }
        long database = databaseNanos - start.databaseNanos;
        split.append(", PostgreSQL %.3f".formatted(database / 1e6 / operations));
        double capacity =
                (wallNanos - start.wallNanos) / 1e9 * Runtime.getRuntime().availableProcessors();
        double idle = Math.max(0, 100 * (1 - (total + database) / 1e9 / capacity));
        return split + " ms per op; idle %.0f %%".formatted(idle);
    }
}
