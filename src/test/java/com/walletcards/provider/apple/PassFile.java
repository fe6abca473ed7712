package com.walletcards.provider.apple;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A served {@code .pkpass}, unzipped and checked the way a device checks it. */
record PassFile(Map<String, byte[]> files) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static PassFile unzip(byte[] zip) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                files.put(entry.getName(), in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new PassFile(files);
    }

    JsonNode passJson() {
        return JSON.readTree(files.get("pass.json"));
    }

    /** Every file but the manifest and the signature is in the manifest with its SHA-1, and nothing else is. */
    void assertManifestMatches() throws Exception {
        JsonNode manifest = JSON.readTree(files.get("manifest.json"));
        List<String> listed = new ArrayList<>();
        manifest.properties().forEach(e -> listed.add(e.getKey()));
        assertThat(listed)
                .containsExactlyInAnyOrderElementsOf(files.keySet().stream()
                        .filter(n -> !n.equals("manifest.json") && !n.equals("signature"))
                        .toList());
        for (String name : listed) {
            String sha1 =
                    HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(files.get(name)));
            assertThat(manifest.get(name).asString()).as(name).isEqualTo(sha1);
        }
    }

    /**
     * The detached signature verifies over the manifest with the leaf it carries; the leaf is the
     * pass type certificate issued by the WWDR certificate it also carries; a signing time is signed.
     * Returns the leaf.
     */
    X509Certificate assertSignedBy(X509Certificate wwdr) throws Exception {
        CMSSignedData signed =
                new CMSSignedData(new CMSProcessableByteArray(files.get("manifest.json")), files.get("signature"));
        Collection<SignerInformation> signers = signed.getSignerInfos().getSigners();
        assertThat(signers).hasSize(1);
        SignerInformation signer = signers.iterator().next();
        @SuppressWarnings("unchecked")
        Collection<X509CertificateHolder> matching = signed.getCertificates().getMatches(signer.getSID());
        assertThat(matching).hasSize(1);
        X509Certificate leaf = new JcaX509CertificateConverter()
                .getCertificate(matching.iterator().next());
        assertThat(signer.verify(new JcaSimpleSignerInfoVerifierBuilder().build(leaf)))
                .isTrue();
        assertThat(signer.getSignedAttributes().get(CMSAttributes.signingTime)).isNotNull();
        @SuppressWarnings("unchecked")
        Collection<X509CertificateHolder> all = signed.getCertificates().getMatches(null);
        assertThat(all.stream().map(X509CertificateHolder::getSubject).map(Object::toString))
                .contains(new X509CertificateHolder(wwdr.getEncoded())
                        .getSubject()
                        .toString());
        leaf.verify(wwdr.getPublicKey());
        return leaf;
    }
}
