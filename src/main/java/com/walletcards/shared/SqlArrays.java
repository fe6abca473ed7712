package com.walletcards.shared;

import java.sql.Types;
import java.util.Collection;
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
}
