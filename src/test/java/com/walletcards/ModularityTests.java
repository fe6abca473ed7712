package com.walletcards;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

class ModularityTests {

    private final ApplicationModules modules = ApplicationModules.of(WalletCampaignsApplication.class);

    @Test
    void modulesOnlyDependOnWhatTheyDeclare() {
        modules.verify();
    }

    @Test
    void moduleDocumentationIsWritten() {
        new Documenter(modules, Documenter.Options.defaults().withOutputFolder("target/modulith-docs"))
                .writeModulesAsPlantUml()
                .writeIndividualModulesAsPlantUml();
    }
}
