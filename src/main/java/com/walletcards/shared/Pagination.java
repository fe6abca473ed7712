package com.walletcards.shared;

/** The {@code pagination} object of every list response. */
public record Pagination(long total, int limit, int offset, boolean hasMore) {

    public static Pagination of(long total, Page page) {
        return new Pagination(total, page.limit(), page.offset(), page.offset() + (long) page.limit() < total);
    }
}
