package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.spi.IssuePermit;
import io.snowflakeid.testing.SimulatedClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class IssuePermitTests {

	/** A start of the simulated clocks (and an epoch) of some tests, apart from the others' times. */
	private static final Instant IN_2031 = Instant.parse("2031-01-01T00:00:00Z");

	private final AtomicLong elapsed = new AtomicLong(5_000_000_000L);

	private final SimulatedClock clock = new SimulatedClock(Instant.parse("2031-01-01T00:00:00Z"));

	private final IssuePermit permit = new IssuePermit("the lease ended without renewal", this.elapsed::get);

	private final SnowflakeIdGenerator generator = IssueGate.generator(SnowflakeIdGenerator.builder()
		.layout(SnowflakeLayout.DEFAULT.toBuilder().epoch(SnowflakeLayout.DEFAULT.epoch().plusMillis(3)).build())
		.datacenterId(0).workerId(0).timeSource(this.clock), this.permit, null);

	/** A grant of {@code lease} from now, on both clocks in step. */
	private void grant(Duration lease) {
		this.permit.grant(this.elapsed.get() + lease.toNanos(), this.clock.currentTimeNanos() + lease.toNanos());
	}

	@Test
	void aClockThatJumpsPastTheMarkLongBeforeTheLeaseEndsIsNamedAsSuch() {
		grant(Duration.ofSeconds(60));
		this.generator.nextId();
		this.clock.advance(Duration.ofSeconds(61)); // the wall clock jumped; only 10 ms really passed
		this.elapsed.addAndGet(Duration.ofMillis(10).toNanos());
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(this.generator::nextId)
			.withMessageContaining("jumped ahead");
	}

	@Test
	void aLeaseRunningOutWithoutRenewalReportsTheRenewalFailureEvenIfTheMarkIsHitAMomentEarlier() {
		grant(Duration.ofSeconds(3));
		this.generator.nextId();
		this.permit.reasonIfExpired("renewing the lease failed: connection refused");
		// Both clocks in step; the mark (floored to a millisecond) is reached just before the elapsed deadline.
		this.clock.advance(Duration.ofMillis(3_000));
		this.elapsed.addAndGet(Duration.ofMillis(2_999).toNanos());
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(this.generator::nextId)
			.withMessageContaining("renewing the lease failed: connection refused");
		this.elapsed.addAndGet(Duration.ofMillis(2).toNanos());
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(this.generator::nextId)
			.withMessageContaining("renewing the lease failed");
	}

	@Test
	void aPermitBelongsToOneGeneratorEvenWhenTwoAreBuiltAtOnce() throws Exception {
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> IssueGate.generator(SnowflakeIdGenerator.builder().datacenterId(0).workerId(1)
				.timeSource(this.clock), this.permit, null))
			.withMessageContaining("one generator");
		for (int round = 0; round < 200; round++) {
			IssuePermit shared = new IssuePermit("race");
			java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
			java.util.concurrent.atomic.AtomicInteger built = new java.util.concurrent.atomic.AtomicInteger();
			Runnable build = () -> {
				try {
					start.await();
					IssueGate.generator(SnowflakeIdGenerator.builder().datacenterId(0).workerId(2).timeSource(this.clock),
							shared, null);
					built.incrementAndGet();
				}
				catch (IllegalStateException ex) {
					// the other one attached first
				}
				catch (Exception ex) {
					throw new AssertionError(ex);
				}
			};
			Thread first = new Thread(build);
			Thread second = new Thread(build);
			first.start();
			second.start();
			first.join();
			second.join();
			org.assertj.core.api.Assertions.assertThat(built.get()).as("generators attached to one permit, round " + round)
				.isEqualTo(1);
		}
	}

	// --- sealing, and the mark reached long before the lease end

	@Test
	void sealingTellsTheLastMillisecondOfTheLastTickUsed() {
		SimulatedClock clock = new SimulatedClock(IN_2031.plusMillis(3));
		SnowflakeLayout tenMillis = SnowflakeLayout.builder().tickLength(Duration.ofMillis(10)).build();
		IssuePermit permit = new IssuePermit("test lease");
		permit.grant(System.nanoTime() + 60_000_000_000L, Long.MAX_VALUE);
		SnowflakeIdGenerator generator = IssueGate.generator(SnowflakeIdGenerator.builder().layout(tenMillis)
			.datacenterId(1).workerId(1).timeSource(clock), permit, null);
		long id = generator.nextId();
		Instant tickStart = generator.decode(id).timestamp();
		long sealed = permit.seal("released");
		assertThat(sealed).isEqualTo(tickStart.toEpochMilli() + 9);
		assertThat(permit.seal("closed again")).as("a second seal gives the same answer").isEqualTo(sealed);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(generator::nextId)
			.satisfies((ex) -> assertThat(ex.getMessage()).containsAnyOf("released", "closed again"));
		assertThat(generator.clockBehindMillis()).as("a sealed generator is behind nothing").isEqualTo(0);
	}

	@Test
	void aClockReachingTheMarkExactlyLongBeforeTheLeaseEndIsAJumpAhead() {
		AtomicLong elapsed = new AtomicLong(1_000_000_000L);
		SimulatedClock clock = new SimulatedClock(IN_2031);
		IssuePermit permit = new IssuePermit("the lease ended without renewal", elapsed::get);
		SnowflakeIdGenerator generator = IssueGate.generator(SnowflakeIdGenerator.builder().datacenterId(0)
			.workerId(2).timeSource(clock), permit, null);
		long limit = clock.currentTimeNanos() + 5_000_000;
		permit.grant(elapsed.get() + 60_000_000_000L, limit);
		clock.advance(Duration.ofMillis(5));
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(generator::nextId)
			.withMessageContaining("jumped ahead");
		// A limit hit with exactly 1 s of lease left is not "long before": the lease just ran out.
		permit.grant(elapsed.get() + 1_000_000_000L, limit);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(generator::nextId)
			.withMessageContaining("the lease ended without renewal")
			.withMessageNotContaining("jumped ahead");
	}
}
