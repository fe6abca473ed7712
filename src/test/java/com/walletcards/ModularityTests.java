package com.walletcards;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

class ModularityTests {

    /**
     * Each real wallet protocol is an adapter in its own package under {@code provider} (for
     * example {@code provider.apple}) and speaks to the rest of the service only through
     * {@code shared} and {@code card::spi}; only the local providers and the generic signed
     * callback, in {@code provider} itself and {@code provider.web}, may use the card module's
     * facade. docs/adr/0010-provider-spi.md.
     */
    static final ArchRule PROTOCOL_ADAPTERS_USE_ONLY_THE_SPI = classes()
            .that()
            .resideInAPackage("com.walletcards.provider.(*)..")
            .and()
            .resideOutsideOfPackage("com.walletcards.provider.web..")
            .should()
            .onlyDependOnClassesThat(not(resideInAnyPackage("com.walletcards.."))
                    .or(resideInAnyPackage(
                                    "com.walletcards.shared..",
                                    "com.walletcards.card.spi..",
                                    "com.walletcards.provider.(*)..")
                            .and(resideOutsideOfPackage("com.walletcards.provider.web.."))))
            .allowEmptyShould(true);

    private final ApplicationModules modules = ApplicationModules.of(WalletCampaignsApplication.class);

    @Test
    void modulesOnlyDependOnWhatTheyDeclare() {
        modules.verify();
    }

    @Test
    void protocolAdaptersDependOnlyOnSharedAndTheCardSpi() {
        PROTOCOL_ADAPTERS_USE_ONLY_THE_SPI.check(new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.walletcards"));
    }

    @Test
    void anAdapterThatReachesPastTheSpiIsReported() {
        JavaClasses examples = new ClassFileImporter().importPackages("com.walletcards.provider.examplewallet");
        EvaluationResult result = PROTOCOL_ADAPTERS_USE_ONLY_THE_SPI.evaluate(examples);
        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails())
                .anyMatch(d -> d.contains("ExampleAdapters$Leaky") && d.contains("WalletCards"))
                .noneMatch(d -> d.contains("ExampleAdapters$Clean"));
    }

    @Test
    void moduleDocumentationIsWritten() {
        new Documenter(modules, Documenter.Options.defaults().withOutputFolder("target/modulith-docs"))
                .writeModulesAsPlantUml()
                .writeIndividualModulesAsPlantUml();
    }
}
