package io.snowflakeid.worker;

import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.snowflakeid.ManualTimeSource;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Review of the refactoring that made {@link WorkerLeaseSettings} take a {@link SnowflakeIdGenerator.Builder}
 * ({@code generator(...)}) and turned {@code layout}, {@code timeSource} and {@code clockTolerance} into shorthands
 * that write into that builder.
 */
class WorkerLeaseSettingsAdversarialTests {

	/** Not the default layout: 3 datacenter bits, 7 worker bits. */
	private static final SnowflakeLayout CUSTOM = SnowflakeLayout.builder().timestampBits(41).datacenterBits(3)
		.workerBits(7).sequenceBits(12).build();

	private final String url = "jdbc:h2:mem:lease-review-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	private final ConnectionSource connections = () -> DriverManager.getConnection(this.url, "sa", "");

	private final List<DatabaseWorkerLease> leases = new ArrayList<>();

	@AfterEach
	void close() {
		this.leases.forEach(DatabaseWorkerLease::close);
	}

	/**
	 * FINDING (HEAD): {@code generator(b)} replaces the whole generator builder, so a layout, time source or clock
	 * tolerance set through the shorthands before it is silently dropped. Every setter of a builder is expected to
	 * be order-independent; here the lease ends up claiming and issuing in the default layout.
	 */
	@Test
	void shorthandsSetBeforeGeneratorAreNotSilentlyDropped() {
		ManualTimeSource clock = new ManualTimeSource(Instant.now());
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(this.connections)
			.layout(CUSTOM)
			.timeSource(clock)
			.clockTolerance(Duration.ofMillis(100))
			.generator(SnowflakeIdGenerator.builder())
			.build();
		assertEquals(CUSTOM, settings.layout, "layout set before generator(...)");
		assertSame(clock, settings.timeSource, "time source set before generator(...)");
		assertEquals(Duration.ofMillis(100), settings.clockTolerance, "clock tolerance set before generator(...)");
	}

	/** The same, end to end: the leased generator issues ids in another layout than the one configured. */
	@Test
	void aLeaseConfiguredWithLayoutThenGeneratorIssuesInTheConfiguredLayout() {
		DatabaseWorkerLease lease = DatabaseWorkerLease.acquire(WorkerLeaseSettings.builder(this.connections)
			.layout(CUSTOM)
			.clockTolerance(Duration.ofMillis(100))
			.generator(SnowflakeIdGenerator.builder().clockTolerance(Duration.ofMillis(100)))
			.duration(Duration.ofSeconds(3))
			.build());
		this.leases.add(lease);
		assertEquals(CUSTOM, lease.generator().layout());
	}

	/**
	 * BEHAVIOUR CHANGE (HEAD): {@code timeSource(null)} meant "the default (monotonic) time source" before the
	 * refactoring (the old builder kept a nullable field); it is now a NullPointerException.
	 */
	@Test
	void aNullTimeSourceStillMeansTheDefault() {
		assertDoesNotThrow(() -> WorkerLeaseSettings.builder(this.connections).timeSource(null).build());
	}

	/** Guard (passes): the lease waits on the very time source instance its generator issues with. */
	@Test
	void theLeaseAndItsGeneratorShareOneTimeSourceInstance() {
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(this.connections)
			.generator(SnowflakeIdGenerator.builder().layout(CUSTOM))
			.build();
		assertSame(settings.timeSource, settings.generator.configuredTimeSource());
		assertEquals(CUSTOM, settings.layout);
	}
}
