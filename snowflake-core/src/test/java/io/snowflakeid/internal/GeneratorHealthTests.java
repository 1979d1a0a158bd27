package io.snowflakeid.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What every binding's health check reports: {@link GeneratorHealth}. */
class GeneratorHealthTests {

	private static final Instant IN_2031 = Instant.parse("2031-01-01T00:00:00Z");

	@Test
	void aGeneratorWithStaticIdsIsUpAndShowsItsFields() {
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(3).workerId(7).build();
		GeneratorHealth health = GeneratorHealth.of(generator, null);
		assertThat(health.up()).isTrue();
		assertThat(health.leaseLost()).isFalse();
		assertThat(health.details()).containsEntry("datacenterId", 3L)
			.containsEntry("workerId", 7L)
			.containsEntry("layout", generator.layout().toString())
			.doesNotContainKeys("error", "leaseEnd");
	}

	@Test
	void aClockBehindByMoreThanTheToleranceIsDownButNoLostLease() {
		SimulatedClock clock = new SimulatedClock(IN_2031);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(0).timeSource(clock)
			.clockTolerance(Duration.ofMillis(500)).build();
		generator.nextId();
		clock.stepBack(Duration.ofMillis(400));
		assertThat(GeneratorHealth.of(generator, null).up()).as("within the tolerance").isTrue();
		clock.stepBack(Duration.ofMillis(200));
		GeneratorHealth health = GeneratorHealth.of(generator, null);
		assertThat(health.up()).isFalse();
		assertThat(health.leaseLost()).as("a clock comes back by itself: no restart needed").isFalse();
		assertThat(health.details()).containsEntry("clockBehindMillis", 600L)
			.containsEntry("error", "clock is 600 ms behind the last issued id, more than the tolerated 500 ms");
	}

	@Test
	void aLeaseTakenOverIsDownAndLost() throws Exception {
		TestDatabase database = new TestDatabase("health");
		ManualScheduler renewals = new ManualScheduler();
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(database.connections())
			.tableName("health_lease")
			.datacenterId(1)
			.duration(Duration.ofSeconds(3)).scheduler(renewals).build());
		try {
			ManagedGenerator managed = new ManagedGenerator(lease.generator(), WorkerAssignment.DATABASE_LEASE, lease);
			GeneratorHealth held = GeneratorHealth.of(lease.generator(), managed);
			assertThat(held.up()).isTrue();
			assertThat(held.details()).containsEntry("workerAssignment", "database-lease")
				.containsKeys("leaseStore", "leaseEnd", "leaseOwner");
			database.execute("UPDATE health_lease SET owner = 'another instance (test)', instance_id = 'another'"
					+ " WHERE datacenter_id = 1 AND worker_id = " + lease.workerId());
			assertThat(renewals.runPending()).as("the renewal, refused: taken over").isPositive();
			GeneratorHealth lost = GeneratorHealth.of(lease.generator(), managed);
			assertThat(lost.up()).isFalse();
			assertThat(lost.leaseLost()).isTrue();
			assertThat(lost.details()).containsEntry("error", "worker lease lost to another instance");
		}
		finally {
			lease.close();
		}
	}

	@Test
	void theDetailsCannotBeChangedByTheirReader() {
		GeneratorHealth health = GeneratorHealth.of(SnowflakeIdGenerator.builder().datacenterId(0).workerId(0).build(),
				null);
		Map<String, Object> details = health.details();
		org.assertj.core.api.Assertions.assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> details.put("error", "none"));
	}

}
