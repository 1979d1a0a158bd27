package io.snowflakeid.spring.jpa;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.snowflakeid.worker.WorkerLeaseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A JPA application that cannot lease a worker id stops with Spring Boot's failure report and fitting advice. The
 * lease is claimed by the generator bean in the context's own order (Hibernate takes the generator at the first
 * insert, see SpringGeneratorSource), so the failure is that bean's BeanCreationException, before the context is
 * ready.
 */
@ExtendWith(OutputCaptureExtension.class)
class LeaseFailureAtStartupTests {

	/** No static ids (application.properties sets some), two workers in all: datacenter-bits 0, worker-bits 1. */
	private static final String[] LEASE_TWO_WORKERS = { "--snowflake.datacenter-id=", "--snowflake.worker-id=",
			"--snowflake.layout.timestamp-bits=41", "--snowflake.layout.datacenter-bits=0",
			"--snowflake.layout.worker-bits=1", "--snowflake.layout.sequence-bits=21",
			"--snowflake.lease.duration=5s" };

	@Test
	void allWorkersLeasedByOtherHostsStopsTheStartWithTheFailureReport(CapturedOutput output) throws Exception {
		String url = "jdbc:h2:mem:lease-full-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		start(url).close(); // creates the lease table as the starter defines it
		try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
			connection.createStatement().execute("DELETE FROM snowflake_worker_lease");
			long now = System.currentTimeMillis();
			for (int worker = 0; worker < 2; worker++) {
				try (PreparedStatement insert = connection.prepareStatement("INSERT INTO snowflake_worker_lease"
						+ " (datacenter_id, worker_id, owner, instance_id, lease_end, high_water_mark)"
						+ " VALUES (0, ?, 'other-host', ?, ?, ?)")) {
					insert.setInt(1, worker);
					insert.setString(2, "other-instance-" + worker);
					insert.setLong(3, now + 3_600_000);
					insert.setLong(4, now);
					insert.executeUpdate();
				}
			}
		}
		Throwable failure = catchThrowable(() -> start(url).close());
		assertThat(failure).as("the start fails").isNotNull();
		WorkerLeaseException cause = find(failure, WorkerLeaseException.class);
		assertThat(cause).as("in the cause chain %s", chain(failure)).isNotNull();
		assertThat(chain(failure)).as("the generator bean claims the lease")
			.anySatisfy((link) -> assertThat(link).contains("'snowflakeManagedGenerator'"));
		assertThat(cause.getReason()).isEqualTo(WorkerLeaseException.Reason.ALL_WORKERS_LEASED);
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Description:")
			.contains(cause.getMessage())
			.contains("Action:")
			.contains("stop instances you do not need")
			.contains("snowflake.layout.worker-bits");
	}

	private static ConfigurableApplicationContext start(String url, String... arguments) {
		List<String> all = new ArrayList<>(List.of("--spring.datasource.url=" + url,
				"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create-drop"));
		all.addAll(List.of(LEASE_TWO_WORKERS));
		all.addAll(List.of(arguments));
		return new SpringApplicationBuilder(JpaTestApplication.class).run(all.toArray(String[]::new));
	}

	static <T extends Throwable> T find(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
		}
		return null;
	}

	static List<String> chain(Throwable failure) {
		List<String> chain = new ArrayList<>();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			String message = String.valueOf(cause.getMessage()).lines().findFirst().orElse("");
			chain.add(cause.getClass().getSimpleName() + ": " + message);
		}
		return chain;
	}
}
