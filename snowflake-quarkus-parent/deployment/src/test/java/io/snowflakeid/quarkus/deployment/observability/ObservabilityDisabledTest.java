package io.snowflakeid.quarkus.deployment.observability;

import java.net.URI;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code quarkus.snowflake.health.enabled=false} and {@code metrics.enabled=false}: neither checks nor meters. */
class ObservabilityDisabledTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ObservabilityApps.leasing("disabled")
		.overrideConfigKey("quarkus.snowflake.health.enabled", "false")
		.overrideConfigKey("quarkus.snowflake.metrics.enabled", "false");

	@TestHTTPResource("/q/health")
	URI health;

	@TestHTTPResource("/q/metrics")
	URI metrics;

	@Test
	void noCheckAndNoMeter() throws Exception {
		HttpGet health = HttpGet.of(this.health);
		assertThat(health.status()).isEqualTo(200);
		assertThat(health.body()).contains("\"status\": \"UP\"").doesNotContain("snowflake");
		HttpGet scrape = HttpGet.of(this.metrics);
		assertThat(scrape.status()).isEqualTo(200);
		assertThat(scrape.body()).contains("jvm_").doesNotContain("snowflake_");
	}
}
