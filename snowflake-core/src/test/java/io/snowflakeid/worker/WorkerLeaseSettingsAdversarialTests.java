package io.snowflakeid.worker;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Review of the refactoring that made {@link WorkerLeaseSettings} take a {@link SnowflakeIdGenerator.Builder}
 * ({@code generator(...)}) and turned {@code layout}, {@code timeSource} and {@code clockTolerance} into shorthands
 * that write into that builder.
 */
class WorkerLeaseSettingsAdversarialTests {

	/** Not the default layout: 3 datacenter bits, 7 worker bits. */
	private static final SnowflakeLayout CUSTOM = SnowflakeLayout.builder().timestampBits(41).datacenterBits(3)
		.workerBits(7).sequenceBits(12).build();

	private final ConnectionSource connections = new TestDatabase("lease-review").connections();

	private final List<WorkerLease> leases = new ArrayList<>();

	@AfterEach
	void close() {
		this.leases.forEach(WorkerLease::close);
	}

	/**
	 * Regression (review of 2026-11-24): {@code generator(b)} replaced the whole generator builder, so a layout,
	 * time source or clock tolerance set through the shorthands before it was silently dropped, and the lease
	 * claimed and issued in the default layout. The setters must not depend on their order.
	 */
	@Test
	void shorthandsSetBeforeGeneratorAreNotSilentlyDropped() {
		SimulatedClock clock = new SimulatedClock(Instant.now());
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(this.connections)
			.layout(CUSTOM)
			.timeSource(clock)
			.clockTolerance(Duration.ofMillis(100))
			.generator(SnowflakeIdGenerator.builder())
			.build();
		assertThat(settings.layout).as("layout set before generator(...)").isEqualTo(CUSTOM);
		assertThat(settings.timeSource).as("time source set before generator(...)").isSameAs(clock);
		assertThat(settings.clockTolerance).as("clock tolerance set before generator(...)")
			.isEqualTo(Duration.ofMillis(100));
	}

	/** The same, end to end: the leased generator issues ids in another layout than the one configured. */
	@Test
	void aLeaseConfiguredWithLayoutThenGeneratorIssuesInTheConfiguredLayout() {
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(this.connections)
			.layout(CUSTOM)
			.clockTolerance(Duration.ofMillis(100))
			.generator(SnowflakeIdGenerator.builder().clockTolerance(Duration.ofMillis(100)))
			.duration(Duration.ofSeconds(3))
			.build());
		this.leases.add(lease);
		assertThat(lease.generator().layout()).isEqualTo(CUSTOM);
	}

	/**
	 * Regression (review of 2026-11-24): {@code timeSource(null)} means "the default (monotonic) time source", as
	 * before the refactoring; it had become a NullPointerException.
	 */
	@Test
	void aNullTimeSourceStillMeansTheDefault() {
		assertThatNoException().isThrownBy(() -> WorkerLeaseSettings.builder(this.connections).timeSource(null).build());
	}

	/** Guard (passes): the lease waits on the very time source instance its generator issues with. */
	@Test
	void theLeaseAndItsGeneratorShareOneTimeSourceInstance() {
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(this.connections)
			.generator(SnowflakeIdGenerator.builder().layout(CUSTOM))
			.build();
		assertThat(settings.generator.configuredTimeSource()).isSameAs(settings.timeSource);
		assertThat(settings.layout).isEqualTo(CUSTOM);
	}
}
