package io.snowflakeid.quarkus.deployment.startup;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.internal.ManagedGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A start that fails after the worker id was leased (here an observer of the application's start, after the
 * generator exists): the lease is handed back, not left to expire. A pod in a crash loop would otherwise take a new
 * worker id at every attempt and hold each for the lease and its safety margin, until the datacenter has none left.
 */
class LeaseReleasedWhenTheStartFailsTest {

	static final String DB = "failed-start";

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2File(DB)
		.withApplicationRoot((jar) -> jar.addClasses(Item.class, TestApps.class, FailingStart.class))
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "2")
		.overrideConfigKey("quarkus.snowflake.lease.duration", "1h")
		.assertException((failure) -> assertThat(TestApps.messages(failure)).contains("the start fails after the lease"))
		.setAfterAllCustomizer(() -> assertThat(leaseEnd(TestApps.fileUrl(DB)))
			.as("the lease handed back when the start failed").isZero());

	@Test
	void theStartFails() {
		fail("must not start");
	}

	@ApplicationScoped
	static class FailingStart {

		void onStart(@Observes StartupEvent event, ManagedGenerator managed) {
			assertThat(managed.lease()).isNotNull();
			throw new IllegalStateException("the start fails after the lease of worker " + managed.lease().workerId());
		}
	}

	private static long leaseEnd(String url) {
		try (Connection connection = DriverManager.getConnection(url);
				ResultSet result = connection.createStatement()
					.executeQuery("select lease_end from snowflake_worker_lease")) {
			assertThat(result.next()).as("a lease row").isTrue();
			return result.getLong(1);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}
}
