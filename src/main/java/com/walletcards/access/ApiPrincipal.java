package com.walletcards.access;

import com.walletcards.shared.OrganizationId;
import java.util.Set;

/** The authenticated caller: which key, for which organization, with which scopes. */
public record ApiPrincipal(String keyId, OrganizationId organizationId, Set<Scope> scopes) {}
