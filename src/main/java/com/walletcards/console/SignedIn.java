package com.walletcards.console;

import com.walletcards.shared.OrganizationId;
import java.io.Serial;
import java.io.Serializable;
import java.security.Principal;

/**
 * The signed-in user as the session keeps it (serialized into the session table, so plain
 * strings): every page reads the organization from here, never from the address. Its name, which
 * the session table indexes, is the user's id.
 */
record SignedIn(String userId, String organizationId, String email, String name, Role role)
        implements Serializable, Principal {

    @Serial
    private static final long serialVersionUID = 1L;

    static SignedIn of(ConsoleUser user) {
        return new SignedIn(user.id(), user.organizationId().value(), user.email(), user.name(), user.role());
    }

    @Override
    public String getName() {
        return userId;
    }

    /** What the pages show of the user. */
    com.walletcards.console.view.Viewer view() {
        return new com.walletcards.console.view.Viewer(email, role.name(), role.managesUsers(), role.writesCampaigns());
    }

    OrganizationId organization() {
        return new OrganizationId(organizationId);
    }
}
