package com.walletcards.shared;

import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.SqlParameterValue;

/**
 * Lists of keys as one array parameter, for {@code column = ANY(:keys)}. An {@code IN (:keys)}
 * list becomes one placeholder per key, and PostgreSQL then plans for exactly that many rows: on a
 * table without statistics yet (a fresh database, a table that a large import is filling) it chose
 * a sequential scan that tests every row against the whole list, so each lookup grew with the
 * table. One array parameter is planned as a few rows and always goes through the index; H2 uses
 * the index for it too.
 */
public final class SqlArrays {

    private SqlArrays() {}

    public static SqlParameterValue of(Collection<String> values) {
        return new SqlParameterValue(Types.ARRAY, values.toArray(new String[0]));
    }

    /**
     * One column of many rows as an array, for {@code UNNEST(:a, :b)}: the rows' columns as
     * parallel arrays, read back as rows by the database (see ADR 18).
     */
    public static <T> SqlParameterValue column(
            Collection<T> rows, Function<? super T, ? extends @Nullable String> value) {
        List<@Nullable String> values = new ArrayList<>(rows.size());
        rows.forEach(row -> values.add(value.apply(row)));
        return new SqlParameterValue(Types.ARRAY, values.toArray(new String[0]));
    }
}
