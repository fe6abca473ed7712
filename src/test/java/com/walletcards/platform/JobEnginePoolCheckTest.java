package com.walletcards.platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.core.io.ClassPathResource;

class JobEnginePoolCheckTest {

    @Test
    void theServicesOwnSettingsLeaveRequestsTheirShareOfTheConnections() {
        YamlPropertiesFactoryBean yaml = new YamlPropertiesFactoryBean();
        yaml.setResources(new ClassPathResource("application.yml"));
        var settings = yaml.getObject();
        int pool = Integer.parseInt(settings.getProperty("spring.datasource.hikari.maximum-pool-size")
                .replaceAll("\\$\\{[A-Z_]+:(\\d+)}", "$1"));
        int threads = Integer.parseInt(settings.getProperty("db-scheduler.threads"));

        assertThat(new JobEnginePoolCheck(pool, threads).poolLeavesRequestsTheirShare())
                .isTrue();
    }

    @Test
    void aPoolNoLargerThanTheJobThreadsPlusTheirOwnBookkeepingIsFlagged() {
        assertThat(new JobEnginePoolCheck(10, 8).poolLeavesRequestsTheirShare()).isFalse();
        assertThat(new JobEnginePoolCheck(12, 8).poolLeavesRequestsTheirShare()).isTrue();
        assertThat(JobEnginePoolCheck.smallestPool(4)).isEqualTo(8);
    }
}
