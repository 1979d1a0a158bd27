package io.snowflakeid.quarkus.deployment.observability;

import java.net.URI;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.internal.ManagedGenerator;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code quarkus-smallrye-health}: {@code snowflake} under {@code /q/health/ready} shows the lease and is DOWN
 * while ids are refused, and {@code snowflake-lease} under {@code /q/health/live} is DOWN only once the lease is lost
 * to another instance (only a restart heals that). The lease is taken over for real: its row in the lease table is
 * given to another owner, and the application's own renewal finds that out.
 */
class HealthChecksTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ObservabilityApps.leasingShortly("health");

	@TestHTTPResource("/q/health/ready")
	URI ready;

	@TestHTTPResource("/q/health/live")
	URI live;

	@TestHTTPResource("/q/snowflake")
	URI endpoint;

	@Inject
	ManagedGenerator managed;

	@Inject
	AgroalDataSource dataSource;

	@Test
	void theDecodeEndpointIsOffUnlessAskedFor() throws Exception {
		assertThat(HttpGet.of(this.endpoint).status()).isEqualTo(404);
	}

	@Test
	void upWhileTheLeaseIsHeldAndDownAndNotAliveOnceItIsLost() throws Exception {
		HttpGet readiness = HttpGet.of(this.ready);
		assertThat(readiness.status()).as(readiness.body()).isEqualTo(200);
		assertThat(readiness.body()).contains("\"name\": \"snowflake\"", "\"workerAssignment\": \"database-lease\"",
				"\"workerId\": " + this.managed.lease().workerId(), "\"leaseStore\": \"table snowflake_worker_lease\"");
		HttpGet liveness = HttpGet.of(this.live);
		assertThat(liveness.status()).as(liveness.body()).isEqualTo(200);
		assertThat(liveness.body()).contains("\"name\": \"snowflake-lease\"");

		takeOver(this.managed.lease().workerId());
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!this.managed.lease().isLost() && System.nanoTime() < deadline) {
			Thread.sleep(100); // the renewal runs every 3 s (a lease of 9 s)
		}
		assertThat(this.managed.lease().isLost()).as("the renewal found the row taken over").isTrue();

		readiness = HttpGet.of(this.ready);
		assertThat(readiness.status()).as(readiness.body()).isEqualTo(503);
		assertThat(readiness.body()).contains("\"status\": \"DOWN\"", "worker lease lost to another instance");
		liveness = HttpGet.of(this.live);
		assertThat(liveness.status()).as("a lost lease: restart the instance; " + liveness.body()).isEqualTo(503);
		assertThat(liveness.body()).contains("\"name\": \"snowflake-lease\"", "worker lease lost to another instance");
	}

	/** What another instance's claim leaves in the row: its owner and token. */
	private void takeOver(int workerId) throws SQLException {
		try (Connection connection = this.dataSource.getConnection()) {
			int rows = connection.createStatement()
				.executeUpdate("UPDATE snowflake_worker_lease SET owner = 'another instance (test)', "
						+ "instance_id = 'another' WHERE datacenter_id = 1 AND worker_id = " + workerId);
			assertThat(rows).isEqualTo(1);
		}
	}
}
