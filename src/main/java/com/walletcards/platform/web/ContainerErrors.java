package com.walletcards.platform.web;

import org.apache.catalina.Host;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Installs {@link ContainerErrorReport} as the host's only error report valve. Runs after Spring
 * Boot's own Tomcat customizer, which adds a plain {@link ErrorReportValve} that is removed here.
 */
@Component
class ContainerErrors implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

    private final JsonMapper mapper;

    ContainerErrors(JsonMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void customize(ConfigurableTomcatWebServerFactory factory) {
        factory.addContextCustomizers(context -> {
            Host host = (Host) context.getParent();
            for (Valve valve : host.getPipeline().getValves()) {
                if (valve instanceof ErrorReportValve) {
                    host.getPipeline().removeValve(valve);
                }
            }
            host.getPipeline().addValve(new ContainerErrorReport(mapper));
            if (host instanceof StandardHost standard) {
                // Otherwise the host adds a default ErrorReportValve of its own when it starts.
                standard.setErrorReportValveClass(ContainerErrorReport.class.getName());
            }
        });
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
