package io.snowflakeid.spring.publicid.datarest;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.data.rest.core.config.RepositoryRestConfiguration;
import org.springframework.data.rest.webmvc.config.RepositoryRestConfigurer;
import org.springframework.data.rest.webmvc.config.RepositoryRestMvcConfiguration;
import org.springframework.web.servlet.config.annotation.CorsRegistry;

/**
 * Spring Data REST over JPA on H2, with Boot's auto-configuration; ids exposed in the JSON bodies. Data REST's own
 * configuration imported, as Boot's auto-configuration does (its 4.1.1 module is not reachable from this build).
 */
@SpringBootApplication
@Import(RepositoryRestMvcConfiguration.class)
public class DataRestTestApplication {

	@Bean
	RepositoryRestConfigurer exposeIds() {
		return new RepositoryRestConfigurer() {
			@Override
			public void configureRepositoryRestConfiguration(RepositoryRestConfiguration config, CorsRegistry cors) {
				config.exposeIdsFor(PurchaseOrder.class, Note.class);
			}
		};
	}
}
