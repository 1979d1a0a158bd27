package io.snowflakeid.internal;

import java.time.Duration;
import java.time.Instant;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.worker.WorkerAssignment;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which assignment applies, and the start-up warning about the end of the timestamp field. */
class SnowflakeGeneratorsTests {

	@Test
	void theLifetimeWarningStartsExactlyWhenLessThanTheConfiguredYearsRemain() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		// 4 years = 4 x 365 + 1 days.
		Instant exactly = layout.exhaustedAt().minus(Duration.ofDays(1461));
		assertNull(SnowflakeGenerators.lifetimeWarning(layout, exactly, 4));
		assertNull(SnowflakeGenerators.lifetimeWarning(layout, exactly.minusSeconds(1), 4));
		String warning = SnowflakeGenerators.lifetimeWarning(layout, exactly.plusSeconds(1), 4);
		assertNotNull(warning);
		assertTrue(warning.contains("Only 4.0 years remain"), warning);
		assertTrue(warning.contains("less than 4 years"), warning);
		assertNotNull(SnowflakeGenerators.lifetimeWarning(layout, layout.exhaustedAt().minus(Duration.ofDays(1459)), 4));
	}

	@Test
	void lifetimeWarningOnlyWhenTheFieldRunsOutWithinTheConfiguredYears() {
		Instant now = Instant.parse("2026-11-22T00:00:00Z");
		assertEquals(null, SnowflakeGenerators.lifetimeWarning(SnowflakeLayout.DEFAULT, now, 10));
		String warning = SnowflakeGenerators.lifetimeWarning(SnowflakeLayout.DEFAULT, now, 70);
		assertTrue(warning != null && warning.contains("62.8 years remain"), warning);
		assertTrue(warning.contains("2089-09-06"), warning);
	}

	@Test
	void staticIdsAlwaysWinAndAutoPrefersALeaseWhenThereIsADatabase() {
		assertEquals(WorkerAssignment.STATIC,
				SnowflakeGenerators.resolve(WorkerAssignment.DATABASE_LEASE, true, true));
		assertEquals(WorkerAssignment.STATIC,
				SnowflakeGenerators.resolve(WorkerAssignment.HOSTNAME_ORDINAL, true, false));
		assertEquals(WorkerAssignment.DATABASE_LEASE, SnowflakeGenerators.resolve(WorkerAssignment.AUTO, false, true));
		assertEquals(WorkerAssignment.STATIC, SnowflakeGenerators.resolve(WorkerAssignment.AUTO, false, false));
		assertEquals(WorkerAssignment.IP_ADDRESS, SnowflakeGenerators.resolve(WorkerAssignment.IP_ADDRESS, false, true));
	}
}
