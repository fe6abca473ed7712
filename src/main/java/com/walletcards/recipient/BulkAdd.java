package com.walletcards.recipient;

import com.walletcards.shared.FieldError;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A bulk add: each item either validated or refused, by index; and what came of it. */
public final class BulkAdd {

    private BulkAdd() {}

    /** One item of the request: a valid recipient, or why it is not one. */
    public record Item(
            int index,
            @Nullable String email,
            @Nullable NewRecipient recipient,
            @Nullable Failure failure) {
        public static Item valid(int index, NewRecipient recipient) {
            return new Item(index, recipient.email(), recipient, null);
        }

        public static Item invalid(int index, @Nullable String email, Failure failure) {
            return new Item(index, email, null, failure);
        }
    }

    public record Failure(String code, String message, List<FieldError> details) {}

    @Schema(name = "BulkAdded")
    public record Added(int index, String id, String email, String status) {}

    @Schema(name = "BulkRefused")
    public record Refused(int index, @Nullable String email, String code, String message, List<FieldError> details) {}

    @Schema(name = "BulkAddResult")
    public record Result(int created, int failed, List<Added> recipients, List<Refused> errors) {}
}
