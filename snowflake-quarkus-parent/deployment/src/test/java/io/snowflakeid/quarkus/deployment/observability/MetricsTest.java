package io.snowflakeid.quarkus.deployment.observability;

import java.net.URI;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.quarkus.deployment.startup.Item;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code quarkus-micrometer} (here its Prometheus registry): the generator's and the lease's meters, under the
 * names Spring Boot's actuator gives them, scraped from {@code /q/metrics}.
 */
class MetricsTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ObservabilityApps.leasing("metrics");

	@TestHTTPResource("/q/metrics")
	URI metrics;

	@Inject
	ManagedGenerator managed;

	@Inject
	EntityManager entityManager;

	@Test
	void idsIssuedAndTheLeaseAreMeasured() throws Exception {
		long before = this.managed.generator().statistics().idsIssued();
		QuarkusTransaction.requiringNew().run(() -> {
			for (int i = 0; i < 7; i++) {
				this.entityManager.persist(new Item());
			}
		});
		HttpGet scrape = HttpGet.of(this.metrics);
		assertThat(scrape.status()).isEqualTo(200);
		assertThat(scrape.body()).contains("snowflake_ids_generated_total " + (double) (before + 7))
			.contains("snowflake_lease_valid{assignment=\"database-lease\"} 1.0")
			.contains("snowflake_lease_renewals_total{assignment=\"database-lease\"}")
			.contains("snowflake_sequence_exhausted_total", "snowflake_clock_backwards_total",
					"snowflake_timestamp_remaining_seconds");
	}
}
