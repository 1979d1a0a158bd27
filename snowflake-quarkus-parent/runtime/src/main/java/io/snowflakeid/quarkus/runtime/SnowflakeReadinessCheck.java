package io.snowflakeid.quarkus.runtime;

import java.util.Map;

import io.snowflakeid.internal.GeneratorHealth;
import io.snowflakeid.internal.ManagedGenerator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code snowflake} under {@code /q/health/ready}: DOWN whenever ids are refused (the worker lease suspended, expired
 * or lost; the clock behind the last id by more than the tolerance), with the layout, ids and lease as data, as
 * Spring Boot's {@code snowflake} health indicator shows them. Registered when {@code quarkus-smallrye-health} is
 * present and {@code quarkus.snowflake.health.enabled} is not false.
 */
@Readiness
@Singleton
public class SnowflakeReadinessCheck implements HealthCheck {

	static final String NAME = "snowflake";

	private final ManagedGenerator managed;

	@Inject
	SnowflakeReadinessCheck(ManagedGenerator managed) {
		this.managed = managed;
	}

	@Override
	public HealthCheckResponse call() {
		GeneratorHealth health = GeneratorHealth.of(this.managed.generator(), this.managed);
		return response(NAME, health.up(), health.details());
	}

	static HealthCheckResponse response(String name, boolean up, Map<String, Object> details) {
		HealthCheckResponseBuilder builder = HealthCheckResponse.named(name).status(up);
		details.forEach((key, value) -> {
			if (value instanceof Number number) {
				builder.withData(key, number.longValue());
			}
			else {
				builder.withData(key, String.valueOf(value));
			}
		});
		return builder.build();
	}
}
