package com.walletcards.recipient.imports;

import com.walletcards.recipient.NewRecipient;
import com.walletcards.shared.FieldError;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** One data row of an import file, checked field by field: a recipient to add, or its problems. */
public record ImportRow(long line, @Nullable NewRecipient recipient, List<FieldError> problems) {

    public static ImportRow valid(long line, NewRecipient recipient) {
        return new ImportRow(line, recipient, List.of());
    }

    public static ImportRow invalid(long line, List<FieldError> problems) {
        return new ImportRow(line, null, List.copyOf(problems));
    }
}
