package com.walletcards.console;

import org.jspecify.annotations.Nullable;

/**
 * Rows of the CSV files the console writes. A cell that a spreadsheet would take for a formula
 * (it starts with {@code = + - @}) is prefixed with an apostrophe, so that opening an export never
 * runs what a recipient typed.
 */
final class CsvCells {

    private CsvCells() {}

    static String row(@Nullable String... cells) {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                row.append(',');
            }
            row.append(cell(cells[i]));
        }
        return row.append("\r\n").toString();
    }

    static String cell(@Nullable String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        String safe = "=+-@".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        if (safe.contains(",") || safe.contains("\"") || safe.contains("\n") || safe.contains("\r")) {
            return "\"" + safe.replace("\"", "\"\"") + "\"";
        }
        return safe;
    }
}
