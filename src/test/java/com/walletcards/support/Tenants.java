package com.walletcards.support;

import com.walletcards.access.AccessManagement;
import com.walletcards.access.Organization;
import com.walletcards.access.Scope;
import com.walletcards.shared.OrganizationId;
import java.util.Set;
import java.util.UUID;

/** Creates a fresh organization and key per test, so tests never see each other's data. */
public final class Tenants {

    private Tenants() {}

    public record Tenant(OrganizationId organizationId, String key) {}

    public static Tenant create(AccessManagement access) {
        return create(access, Scope.all());
    }

    public static Tenant create(AccessManagement access, Set<Scope> scopes) {
        Organization org = access.createOrganization("Test " + UUID.randomUUID());
        return new Tenant(org.id(), access.issueKey(org.id(), "test", scopes).secret());
    }
}
