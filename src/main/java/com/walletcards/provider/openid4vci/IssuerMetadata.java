package com.walletcards.provider.openid4vci;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.nimbusds.jose.JWSAlgorithm;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The documents that describe the issuer to wallets and verifiers: its credential issuer and
 * authorization server metadata, its keys, and the type metadata behind each credential's
 * {@code vct}.
 */
final class IssuerMetadata {

    private final String issuer;
    private final IssuerKey key;
    private final CampaignTypes campaignTypes;
    private final BatchSize batchSize;
    /** The service's own neutral name: one issuer serves every organization (ADR 0027). */
    private final String serviceName;

    IssuerMetadata(String issuer, IssuerKey key, CampaignTypes campaignTypes, BatchSize batchSize, String serviceName) {
        this.issuer = issuer;
        this.serviceName = serviceName;
        this.key = key;
        this.campaignTypes = campaignTypes;
        this.batchSize = batchSize;
    }

    CredentialIssuerMetadata credentialIssuer() {
        Map<String, CredentialConfiguration> configurations = new LinkedHashMap<>();
        List<String> proofAlgorithms =
                KeyProofs.PROOF_ALGORITHMS.stream().map(JWSAlgorithm::getName).toList();
        for (CredentialTypes.Type type : CredentialTypes.all()) {
            var display =
                    List.of(new ConfigurationDisplay(type.name(), "en", type.backgroundColor(), "#FFFFFF", null, null));
            configurations.put(
                    type.configurationId(),
                    new CredentialConfiguration(
                            "dc+sd-jwt",
                            type.configurationId(),
                            type.vct(issuer),
                            List.of("jwk"),
                            List.of("ES256"),
                            new ProofTypes(new ProofType(proofAlgorithms)),
                            display,
                            new CredentialMetadata(display)));
        }
        // Each campaign whose cards were offered has its own configuration (ADR 0027), with the
        // campaign's look, whose vct is its credentials' vct.
        campaignTypes
                .all()
                .forEach((typeKey, campaign) -> CredentialTypes.forConfigurationId(campaign.configurationId())
                        .ifPresent(type -> {
                            var logo = campaign.logoUri() == null
                                    ? null
                                    : new ConfigurationLogo(campaign.logoUri(), campaign.logoAltText());
                            var display = List.of(new ConfigurationDisplay(
                                    campaign.name(),
                                    "en",
                                    campaign.backgroundColor(),
                                    campaign.textColor(),
                                    campaign.description(),
                                    logo));
                            configurations.put(
                                    type.configurationId(typeKey),
                                    new CredentialConfiguration(
                                            "dc+sd-jwt",
                                            type.configurationId(),
                                            type.vct(issuer, typeKey),
                                            List.of("jwk"),
                                            List.of("ES256"),
                                            new ProofTypes(new ProofType(proofAlgorithms)),
                                            display,
                                            new CredentialMetadata(display)));
                        }));
        return new CredentialIssuerMetadata(
                issuer,
                issuer + Openid4vciEndpoints.CREDENTIAL_PATH,
                issuer + "/wallet/eudiw/nonce",
                issuer + Openid4vciEndpoints.NOTIFICATION_PATH,
                DpopProofs.algorithmNames(),
                // 1.0 §12.2.4: present only when more than one proof is accepted, and then at least 2.
                batchSize.credentials() > 1 ? new BatchCredentialIssuance(batchSize.credentials()) : null,
                List.of(new IssuerDisplay(serviceName, "en")),
                configurations);
    }

    AuthorizationServerMetadata authorizationServer() {
        return new AuthorizationServerMetadata(
                issuer,
                issuer + Tokens.PATH,
                List.of(Tokens.PRE_AUTHORIZED_GRANT, Tokens.REFRESH_GRANT),
                true,
                List.of("none"),
                DpopProofs.algorithmNames());
    }

    JwtVcIssuerMetadata jwtVcIssuer() {
        return new JwtVcIssuerMetadata(issuer, new Jwks(List.of(key.publicJwk().toJSONObject())));
    }

    /** The type metadata at the configuration's {@code vct} URL: the generic look. */
    Optional<TypeMetadata> type(String configurationId) {
        return CredentialTypes.forConfigurationId(configurationId).map(type -> TypeMetadata.generic(issuer, type));
    }

    /** The type metadata at a campaign's {@code vct} URL, while the campaign's type is known. */
    Optional<TypeMetadata> campaignType(String configurationId, String typeKey) {
        return CredentialTypes.forConfigurationId(configurationId)
                .flatMap(type -> campaignTypes
                        .find(configurationId, typeKey)
                        .map(display -> TypeMetadata.campaign(issuer, type, typeKey, display)));
    }

    /** OpenID4VCI 1.0 §12.2: the credential issuer metadata. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record CredentialIssuerMetadata(
            @JsonProperty("credential_issuer") String credentialIssuer,
            @JsonProperty("credential_endpoint") String credentialEndpoint,
            @JsonProperty("nonce_endpoint") String nonceEndpoint,
            @JsonProperty("notification_endpoint") String notificationEndpoint,

            /*
             * The credential and notification endpoints are the protected resources: their DPoP
             * algorithms, under RFC 9728's name for a resource's metadata (ADR 0031).
             */
            @JsonProperty("dpop_signing_alg_values_supported")
            List<String> dpopSigningAlgValuesSupported,

            @JsonProperty("batch_credential_issuance") @Nullable
            BatchCredentialIssuance batchCredentialIssuance,

            List<IssuerDisplay> display,

            @JsonProperty("credential_configurations_supported")
            Map<String, CredentialConfiguration> credentialConfigurationsSupported) {}

    record BatchCredentialIssuance(
            @JsonProperty("batch_size") int batchSize) {}

    record IssuerDisplay(String name, String locale) {}

    record CredentialConfiguration(
            String format,
            String scope,
            String vct,

            @JsonProperty("cryptographic_binding_methods_supported")
            List<String> cryptographicBindingMethodsSupported,

            @JsonProperty("credential_signing_alg_values_supported")
            List<String> credentialSigningAlgValuesSupported,

            @JsonProperty("proof_types_supported") ProofTypes proofTypesSupported,
            List<ConfigurationDisplay> display,
            @JsonProperty("credential_metadata") CredentialMetadata credentialMetadata) {}

    record ProofTypes(ProofType jwt) {}

    record ProofType(
            @JsonProperty("proof_signing_alg_values_supported")
            List<String> proofSigningAlgValuesSupported) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ConfigurationDisplay(
            String name,
            String locale,
            @JsonProperty("background_color") String backgroundColor,
            @JsonProperty("text_color") String textColor,
            @Nullable String description,
            @Nullable ConfigurationLogo logo) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ConfigurationLogo(
            String uri, @JsonProperty("alt_text") @Nullable String altText) {}

    record CredentialMetadata(List<ConfigurationDisplay> display) {}

    /**
     * RFC 8414: the authorization server metadata, for the token endpoint. There is no
     * authorization endpoint (pre-authorized codes only), so neither it nor the response types it
     * would answer with are listed: an empty {@code response_types_supported} contradicts the
     * grants a wallet reads, and {@code code} would promise an endpoint that does not exist.
     */
    record AuthorizationServerMetadata(
            String issuer,
            @JsonProperty("token_endpoint") String tokenEndpoint,
            @JsonProperty("grant_types_supported") List<String> grantTypesSupported,

            @JsonProperty("pre-authorized_grant_anonymous_access_supported")
            boolean preAuthorizedGrantAnonymousAccessSupported,

            @JsonProperty("token_endpoint_auth_methods_supported")
            List<String> tokenEndpointAuthMethodsSupported,

            /* RFC 9449 §5.1: the token endpoint accepts DPoP proofs signed with these. */
            @JsonProperty("dpop_signing_alg_values_supported")
            List<String> dpopSigningAlgValuesSupported) {}

    /** SD-JWT VC issuer metadata: the keys that verify the issuer's credentials. */
    record JwtVcIssuerMetadata(String issuer, Jwks jwks) {}

    record Jwks(List<Map<String, Object>> keys) {}
}
