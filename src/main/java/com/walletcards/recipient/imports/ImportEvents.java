package com.walletcards.recipient.imports;

import com.walletcards.shared.ExternalEvent;
import com.walletcards.shared.OrganizationId;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** What happens to imports; published in the transaction that finishes the import. */
final class ImportEvents {

    private ImportEvents() {}

    /** An import ended, completed or failed; the counts say what it did. */
    record ImportCompleted(OrganizationId organizationId, RecipientImport finished, Instant at)
            implements ExternalEvent {
        @Override
        public String type() {
            return "import.completed";
        }

        @Override
        public Map<String, Object> data() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("importId", finished.id());
            data.put("campaignId", finished.campaignId());
            data.put("status", finished.status().name());
            data.put("rowsTotal", finished.counts().rowsTotal());
            data.put("created", finished.counts().created());
            data.put("updated", finished.counts().updated());
            data.put("failed", finished.counts().failed());
            return data;
        }
    }
}
