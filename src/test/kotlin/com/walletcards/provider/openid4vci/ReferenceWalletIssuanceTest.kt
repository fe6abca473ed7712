package com.walletcards.provider.openid4vci

import com.nimbusds.jose.JWSAlgorithm
import com.nimbusds.jose.crypto.ECDSAVerifier
import com.nimbusds.jose.jwk.Curve
import com.nimbusds.jose.jwk.ECKey
import com.nimbusds.jose.jwk.JWKSet
import com.nimbusds.jose.jwk.gen.ECKeyGenerator
import com.nimbusds.jwt.SignedJWT
import com.walletcards.access.AccessManagement
import com.walletcards.support.Api
import com.walletcards.support.DatabaseTest
import com.walletcards.support.Flows
import com.walletcards.support.SeparateDatabase
import com.walletcards.support.ServiceProcess
import com.walletcards.support.Tenants
import eu.europa.ec.eudi.openid4vci.AccessToken
import eu.europa.ec.eudi.openid4vci.AuthorizedRequest
import eu.europa.ec.eudi.openid4vci.BatchCredentialIssuance
import eu.europa.ec.eudi.openid4vci.Credential
import eu.europa.ec.eudi.openid4vci.CredentialResponseEncryptionPolicy
import eu.europa.ec.eudi.openid4vci.IssuanceRequestPayload
import eu.europa.ec.eudi.openid4vci.Issuer
import eu.europa.ec.eudi.openid4vci.JwtBindingKey
import eu.europa.ec.eudi.openid4vci.KeyGenerationConfig
import eu.europa.ec.eudi.openid4vci.OpenId4VCIConfig
import eu.europa.ec.eudi.openid4vci.ParUsage
import eu.europa.ec.eudi.openid4vci.PopSigner
import eu.europa.ec.eudi.openid4vci.SubmissionOutcome
import eu.europa.ec.eudi.sdjwt.NimbusSdJwtOps
import eu.europa.ec.eudi.sdjwt.SdJwt
import eu.europa.ec.eudi.sdjwt.SdJwtVerificationException
import eu.europa.ec.eudi.sdjwt.vc.GetSdJwtVcIssuerMetadataOps
import eu.europa.ec.eudi.sdjwt.vc.X509CertificateTrust
import io.ktor.client.HttpClient
import io.ktor.client.engine.java.Java
import io.ktor.client.plugins.contentnegotiation.ContentNegotiation
import io.ktor.http.Url
import io.ktor.serialization.kotlinx.json.json
import java.net.URI
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.test.context.ContextConfiguration
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource

/**
 * The issuance driven by the EU reference wallet's own OpenID4VCI library, from the card page's
 * offer link to a credential, and the credential checked by the reference SD-JWT library: what a
 * real EUDI wallet does, not what our own test client assumes the protocol is.
 */
@DatabaseTest
@ContextConfiguration(initializers = [ReferenceWalletIssuanceTest.OwnDatabase::class])
class ReferenceWalletIssuanceTest {

    /** A database of its own, as for [OpenId4vciIssuanceTest]: its background jobs stay here. */
    class OwnDatabase : SeparateDatabase()

    companion object {
        val PORT: Int = ServiceProcess.freePort()
        val HTTPS_PORT: Int = ServiceProcess.freePort()
        val ISSUER = "https://localhost:$HTTPS_PORT"
        private val FRONT: TlsFront = TlsFront.start(HTTPS_PORT, PORT)
        const val BARCODE = "SUMMIT-ADA-0042"

        @JvmStatic
        @DynamicPropertySource
        fun openid4vci(registry: DynamicPropertyRegistry) {
            registry.add("server.port") { PORT }
            registry.add("wallet.download-base-url") { ISSUER }
            registry.add("wallet.providers.settings.eudiw.mode") { "openid4vci" }
        }

        /** The wallet's HTTP client: the JDK engine, trusting only the test certificate. */
        fun httpClient(): HttpClient =
            HttpClient(Java) {
                engine {
                    protocolVersion = java.net.http.HttpClient.Version.HTTP_1_1
                    config { sslContext(FRONT.clientTrust()) }
                }
                install(ContentNegotiation) { json(Json { ignoreUnknownKeys = true }) }
            }
    }

    @Autowired lateinit var access: AccessManagement

    lateinit var api: Api
    lateinit var flows: Flows
    private lateinit var testWallet: TestWallet

    @BeforeEach
    fun tenant() {
        api = Api(PORT, Tenants.create(access).key())
        flows = Flows(api)
        testWallet = TestWallet(FRONT.clientTrust())
    }

    private val walletConfig =
        OpenId4VCIConfig(
            clientId = "wallet-dev",
            authFlowRedirectionURI = URI.create("eudi-wallet//auth"),
            keyGenerationConfig = KeyGenerationConfig.ecOnly(Curve.P_256),
            credentialResponseEncryptionPolicy = CredentialResponseEncryptionPolicy.SUPPORTED,
            parUsage = ParUsage.Never,
        )

    private data class Card(val campaignId: String, val recipientId: String, val page: String)

    private fun card(): Card {
        val campaign =
            flows.campaign(
                mapOf(
                    "name" to "Summer Summit",
                    "providerTypes" to listOf("eudiw"),
                    "startDate" to "2031-07-01",
                    "campaignData" to
                        mapOf("location" to "Hall A", "barcodeValueStrategy" to "custom"),
                )
            )
        val recipient =
            flows
                .recipient(
                    campaign,
                    mapOf(
                        "name" to "Ada Lovelace",
                        "recipientData" to mapOf("seat" to "12A", "barcodeValue" to BARCODE),
                    ),
                )
                .get("id")
                .asString()
        flows.waitForCard(campaign, recipient, "created")
        val download = flows.invite(campaign, recipient).get("downloadUrl").asString()
        return Card(campaign, recipient, "$download/eudiw")
    }

    /** The offer link as the holder's phone sees it on the card page. */
    private fun offerLink(card: Card): String {
        val page = testWallet.get(card.page)
        assertThat(page.status()).`as`(page.body()).isEqualTo(200)
        return TestWallet.offerLinkOf(page.body())
    }

    private fun popSigner(key: ECKey): PopSigner.Jwt =
        PopSigner.jwtPopSigner(key, JWSAlgorithm.ES256, JwtBindingKey.Jwk(key.toPublicJWK()))

    /** One credential request through the library, with a fresh nonce from the nonce endpoint. */
    private suspend fun Issuer.credential(authorized: AuthorizedRequest, key: ECKey): String {
        val payload =
            IssuanceRequestPayload.ConfigurationBased(
                credentialOffer.credentialConfigurationIdentifiers.single()
            )
        val (_, outcome) = authorized.request(payload, listOf(popSigner(key))).getOrThrow()
        assertThat(outcome).isInstanceOf(SubmissionOutcome.Success::class.java)
        val issued = (outcome as SubmissionOutcome.Success).credentials.single()
        assertThat(issued.credential).isInstanceOf(Credential.Str::class.java)
        return (issued.credential as Credential.Str).value
    }

    @Test
    fun theEuReferenceWalletLibraryRedeemsTheCardPagesOfferAndGetsAVerifiableSdJwtVc(): Unit =
        runBlocking {
            val card = card()
            val holderKey = ECKeyGenerator(Curve.P_256).generate()

            val issuer = Issuer.make(walletConfig, offerLink(card), ::httpClient).getOrThrow()
            assertThat(issuer.credentialOffer.credentialIssuerIdentifier.toString())
                .isEqualTo(ISSUER)
            // The campaign's own configuration (ADR 0027), whose vct the credential carries.
            val offered = issuer.credentialOffer.credentialConfigurationIdentifiers.single()
            assertThat(offered.value).startsWith("event_ticket.")
            val configuration =
                issuer.credentialOffer.credentialIssuerMetadata.credentialConfigurationsSupported
                    .getValue(offered)
                    .let { it as eu.europa.ec.eudi.openid4vci.SdJwtVcCredential }
            val vct = configuration.type
            assertThat(configuration.display.map { it.name }).containsExactly("Summer Summit")

            val sdJwt =
                with(issuer) {
                    val authorized = authorizeWithPreAuthorizationCode(txCode = null).getOrThrow()
                    credential(authorized, holderKey)
                }

            val claims = verified(sdJwt)
            assertThat(claims["iss"]?.jsonPrimitive?.content).isEqualTo(ISSUER)
            // A wallet that matches by vct finds the offered configuration's display.
            assertThat(claims["vct"]?.jsonPrimitive?.content).isEqualTo(vct)
            assertThat(claims["holder_name"]?.jsonPrimitive?.content).isEqualTo("Ada Lovelace")
            assertThat(claims["name"]?.jsonPrimitive?.content).isEqualTo("Summer Summit")
            assertThat(claims["barcode"]?.jsonPrimitive?.content).isEqualTo(BARCODE)
            assertThat(claims["details"]?.jsonObject?.get("seat")?.jsonPrimitive?.content)
                .isEqualTo("12A")
            val cnf = claims.getValue("cnf").jsonObject.getValue("jwk").jsonObject
            assertThat(ECKey.parse(cnf.toString())).isEqualTo(holderKey.toPublicJWK())
            val statusList = claims.getValue("status").jsonObject.getValue("status_list").jsonObject
            assertThat(statusList.getValue("uri").jsonPrimitive.content).startsWith(ISSUER)
            assertThat(statusList.getValue("idx").jsonPrimitive.content.toInt()).isNotNegative()

            // Issuing is the install: the card is active through the provider SPI's inbound port.
            flows.waitForCard(card.campaignId, card.recipientId, "active")
        }

    @Test
    fun theEuReferenceWalletLibraryWithADpopKeyGetsKeyBoundTokensAndAVerifiableSdJwtVc(): Unit =
        runBlocking {
            val card = card()
            val dpopKey = ECKeyGenerator(Curve.P_256).generate()
            // The library speaks DPoP when it has a signer and the server advertises its alg.
            val config = walletConfig.copy(dPoPSigner = popSigner(dpopKey))

            val issuer = Issuer.make(config, offerLink(card), ::httpClient).getOrThrow()
            assertThat(issuer.dPoPJwtFactory)
                .`as`("DPoP offered by the issuer's metadata")
                .isNotNull()
            val sdJwt =
                with(issuer) {
                    val authorized = authorizeWithPreAuthorizationCode(txCode = null).getOrThrow()
                    assertThat(authorized.accessToken).isInstanceOf(AccessToken.DPoP::class.java)
                    assertThat(authorized.refreshToken).isNotNull()
                    credential(authorized, ECKeyGenerator(Curve.P_256).generate())
                }

            val claims = verified(sdJwt)
            assertThat(claims["holder_name"]?.jsonPrimitive?.content).isEqualTo("Ada Lovelace")
            flows.waitForCard(card.campaignId, card.recipientId, "active")
        }

    @Test
    fun theEuReferenceWalletLibraryRequestsABatchAndGetsOneCredentialPerKeyEachWithItsOwnStatusEntry():
        Unit = runBlocking {
        val card = card()
        val keys = List(3) { ECKeyGenerator(Curve.P_256).generate() }

        val issuer = Issuer.make(walletConfig, offerLink(card), ::httpClient).getOrThrow()
        assertThat(issuer.credentialOffer.credentialIssuerMetadata.batchCredentialIssuance)
            .isEqualTo(BatchCredentialIssuance.Supported(10))
        val outcome =
            with(issuer) {
                val authorized = authorizeWithPreAuthorizationCode(txCode = null).getOrThrow()
                val payload =
                    IssuanceRequestPayload.ConfigurationBased(
                        credentialOffer.credentialConfigurationIdentifiers.single()
                    )
                authorized.request(payload, keys.map(::popSigner)).getOrThrow().second
            }
        assertThat(outcome).isInstanceOf(SubmissionOutcome.Success::class.java)
        val issued = (outcome as SubmissionOutcome.Success).credentials
        assertThat(issued).hasSize(keys.size)

        val claims = issued.map { verified((it.credential as Credential.Str).value) }
        // The library keeps the proofs' order: the n-th credential is bound to the n-th key.
        assertThat(
                claims.map { ECKey.parse(it.getValue("cnf").jsonObject.getValue("jwk").toString()) }
            )
            .containsExactlyElementsOf(keys.map { it.toPublicJWK() })
        val entries = claims.map {
            it.getValue("status").jsonObject.getValue("status_list").jsonObject.let { list ->
                list.getValue("uri").jsonPrimitive.content +
                    "#" +
                    list.getValue("idx").jsonPrimitive.content
            }
        }
        assertThat(entries).doesNotHaveDuplicates()
        assertThat(claims).allSatisfy {
            assertThat(it["holder_name"]?.jsonPrimitive?.content).isEqualTo("Ada Lovelace")
        }
        flows.waitForCard(card.campaignId, card.recipientId, "active")
    }

    /**
     * The credential as a verifier checks it with the reference SD-JWT library: once as an SD-JWT
     * VC whose key comes from its x5c leaf (whose SAN must name the issuer's host), once against
     * the JWKS the issuer publishes in its JWT VC issuer metadata. Answers the claims with every
     * disclosure applied.
     */
    private suspend fun verified(sdJwt: String): JsonObject {
        val trustedLeaf = X509CertificateTrust { chain ->
            chain.first().checkValidity()
            true
        }
        val byX5c = NimbusSdJwtOps.SdJwtVcVerifier.usingX5c(trustedLeaf).verify(sdJwt).orFail("x5c")
        assertThat(byX5c.jwt.header.x509CertChain).isNotEmpty()
        assertThat(byX5c.jwt.header.type.type).isEqualTo("dc+sd-jwt")

        val metadata =
            httpClient().use { client ->
                with(GetSdJwtVcIssuerMetadataOps) { client.getSdJwtVcIssuerMetadata(Url(ISSUER)) }
            }
        assertThat(metadata).`as`("the issuer's JWT VC issuer metadata").isNotNull()
        val jwks = JWKSet.parse(metadata!!.jwks.toString())
        val published = jwks.getKeyByKeyId(byX5c.jwt.header.keyID) as ECKey
        val byJwks =
            with(NimbusSdJwtOps) { verify(ECDSAVerifier(published).asJwtVerifier(), sdJwt) }
                .orFail("JWKS")
        assertThat(byJwks.disclosures).hasSameSizeAs(byX5c.disclosures)
        // Every card field is selectively disclosable: none is visible without its disclosure.
        val signedClaims = Json.parseToJsonElement(byJwks.jwt.jwtClaimsSet.toString()).jsonObject
        assertThat(signedClaims.keys).doesNotContain("name", "holder_name", "barcode")
        return claimsOf(byJwks)
    }

    private fun claimsOf(sdJwt: SdJwt<SignedJWT>): JsonObject =
        with(NimbusSdJwtOps) { sdJwt.recreateClaims(visitor = null) }

    /** The verifier's reason, which its exception carries but does not print. */
    private fun <T> Result<T>.orFail(against: String): T = getOrElse {
        throw AssertionError(
            "SD-JWT refused (signature against $against): ${(it as? SdJwtVerificationException)?.reason ?: it}",
            it,
        )
    }
}
