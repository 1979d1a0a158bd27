package io.snowflakeid.quarkus.runtime;

import java.util.Map;

import io.snowflakeid.internal.GeneratorHealth;
import io.snowflakeid.internal.ManagedGenerator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * {@code snowflake-lease} under {@code /q/health/live}: DOWN only when the worker lease was lost to another instance.
 * Such an instance refuses ids until it is restarted (a restart claims a worker id afresh), so an orchestrator that
 * restarts on a failed liveness probe heals it. A lease that is suspended or expiring (the database away, a slow
 * renewal) may come back by itself: that is the readiness check's DOWN only, never a restart.
 */
@Liveness
@Singleton
public class SnowflakeLivenessCheck implements HealthCheck {

	static final String NAME = "snowflake-lease";

	private final ManagedGenerator managed;

	@Inject
	SnowflakeLivenessCheck(ManagedGenerator managed) {
		this.managed = managed;
	}

	@Override
	public HealthCheckResponse call() {
		GeneratorHealth health = GeneratorHealth.of(this.managed.generator(), this.managed);
		return SnowflakeReadinessCheck.response(NAME, !health.leaseLost(),
				health.leaseLost() ? health.details() : Map.of());
	}
}
