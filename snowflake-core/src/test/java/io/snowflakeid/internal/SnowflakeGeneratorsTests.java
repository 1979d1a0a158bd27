package io.snowflakeid.internal;

import java.time.Duration;
import java.time.Instant;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.worker.WorkerAssignment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which assignment applies, and the start-up warning about the end of the timestamp field. */
class SnowflakeGeneratorsTests {

	@Test
	void theLifetimeWarningStartsExactlyWhenLessThanTheConfiguredYearsRemain() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		// 4 years = 4 x 365 + 1 days.
		Instant exactly = layout.exhaustedAt().minus(Duration.ofDays(1461));
		assertThat(SnowflakeGenerators.lifetimeWarning(layout, exactly, 4)).isNull();
		assertThat(SnowflakeGenerators.lifetimeWarning(layout, exactly.minusSeconds(1), 4)).isNull();
		String warning = SnowflakeGenerators.lifetimeWarning(layout, exactly.plusSeconds(1), 4);
		assertThat(warning).isNotNull();
		assertThat(warning).contains("Only 4.0 years remain");
		assertThat(warning).contains("less than 4 years");
		assertThat(SnowflakeGenerators.lifetimeWarning(layout, layout.exhaustedAt().minus(Duration.ofDays(1459)), 4))
			.isNotNull();
	}

	@Test
	void lifetimeWarningOnlyWhenTheFieldRunsOutWithinTheConfiguredYears() {
		Instant now = Instant.parse("2026-11-22T00:00:00Z");
		assertThat(SnowflakeGenerators.lifetimeWarning(SnowflakeLayout.DEFAULT, now, 10)).isNull();
		String warning = SnowflakeGenerators.lifetimeWarning(SnowflakeLayout.DEFAULT, now, 70);
		assertThat(warning).isNotNull().contains("62.8 years remain");
		assertThat(warning).contains("2089-09-06");
	}

	@Test
	void staticIdsAlwaysWinAndAutoPrefersALeaseWhenThereIsADatabase() {
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.DATABASE_LEASE, true, true))
			.isEqualTo(WorkerAssignment.STATIC);
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.HOSTNAME_ORDINAL, true, false))
			.isEqualTo(WorkerAssignment.STATIC);
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.AUTO, false, true))
			.isEqualTo(WorkerAssignment.DATABASE_LEASE);
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.AUTO, false, false)).isEqualTo(WorkerAssignment.STATIC);
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.IP_ADDRESS, false, true))
			.isEqualTo(WorkerAssignment.IP_ADDRESS);
	}
}
