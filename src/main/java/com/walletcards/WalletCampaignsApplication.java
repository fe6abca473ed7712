package com.walletcards;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class WalletCampaignsApplication {

    public static void main(String[] args) {
        SpringApplication.run(WalletCampaignsApplication.class, args);
    }
}
