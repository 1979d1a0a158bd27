package io.snowflakeid.internal;

import java.time.Duration;
import java.time.Instant;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.worker.WorkerLease;

/**
 * Micrometer meters of the generator and its worker lease, for every framework's metrics binding (Spring Boot's
 * actuator, Quarkus' Micrometer extension): one set of names, units and tags, so one dashboard serves both. Micrometer
 * is an optional dependency of the core: this class is loaded only by a binding that found Micrometer.
 */
public class GeneratorMeterBinder implements MeterBinder {

	private final SnowflakeIdGenerator generator;

	private final ManagedGenerator managed;

	public GeneratorMeterBinder(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		this.generator = generator;
		this.managed = managed;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		SnowflakeIdGenerator g = this.generator;
		FunctionCounter.builder("snowflake.ids.generated", g, (x) -> x.statistics().idsIssued())
			.description("Snowflake ids issued")
			.register(registry);
		FunctionCounter.builder("snowflake.sequence.exhausted", g, (x) -> x.statistics().sequenceExhaustedWaits())
			.description("Waits for the next tick because a tick's sequence was used up")
			.register(registry);
		FunctionCounter.builder("snowflake.clock.backwards", g, (x) -> x.statistics().clockBackwardsEvents())
			.description("Times the clock was found behind the last issued id")
			.register(registry);
		Gauge.builder("snowflake.clock.backwards.max", g, (x) -> x.statistics().maxClockBackwardsMillis())
			.description("Largest backward clock step seen")
			.baseUnit("milliseconds")
			.register(registry);
		Gauge.builder("snowflake.timestamp.remaining", g,
				(x) -> x.layout().remainingLifetime(Instant.now()).toSeconds())
			.description("Time left until the timestamp field runs out")
			.baseUnit("seconds")
			.register(registry);
		WorkerLease lease = (this.managed != null) ? this.managed.lease() : null;
		if (lease != null) {
			// Tagged with where the lease is kept: database-lease, zookeeper or redis.
			String assignment = this.managed.assignment().value();
			FunctionCounter.builder("snowflake.lease.renewals", lease, WorkerLease::renewals)
				.description("Successful worker lease renewals")
				.tag("assignment", assignment)
				.register(registry);
			FunctionCounter.builder("snowflake.lease.renewal.failures", lease, WorkerLease::renewalFailures)
				.description("Failed worker lease renewals")
				.tag("assignment", assignment)
				.register(registry);
			Gauge.builder("snowflake.lease.valid", lease, (x) -> x.isValid() ? 1 : 0)
				.description("1 while the worker lease is held, 0 when ids are refused")
				.tag("assignment", assignment)
				.register(registry);
			Gauge.builder("snowflake.lease.remaining", lease,
					(x) -> Math.max(0, Duration.between(Instant.now(), x.leaseEnd()).toMillis() / 1000.0))
				.description("Time left on the worker lease")
				.tag("assignment", assignment)
				.baseUnit("seconds")
				.register(registry);
		}
	}
}
