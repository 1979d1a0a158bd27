package io.snowflakeid.quarkus.runtime;

import io.snowflakeid.internal.GeneratorMeterBinder;
import io.snowflakeid.internal.ManagedGenerator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The generator's and its lease's Micrometer meters ({@code snowflake.ids.generated}, {@code snowflake.lease.valid}
 * and the others, as in Spring Boot), bound by Quarkus' Micrometer extension, which binds every {@code MeterBinder}
 * bean. Registered when {@code quarkus-micrometer} is present and {@code quarkus.snowflake.metrics.enabled} is not
 * false.
 */
@Singleton
public class SnowflakeMeterBinder extends GeneratorMeterBinder {

	@Inject
	SnowflakeMeterBinder(ManagedGenerator managed) {
		super(managed.generator(), managed);
	}
}
