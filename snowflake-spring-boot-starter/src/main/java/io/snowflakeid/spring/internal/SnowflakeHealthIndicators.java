package io.snowflakeid.spring.internal;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.GeneratorHealth;
import io.snowflakeid.internal.ManagedGenerator;

/**
 * Creates the {@code snowflake} health indicator for the running Spring Boot line. Public for the auto-configurations
 * of both lines ({@code actuate} for Boot 4, {@code boot3} for Boot 3.5); an internal package, not an API.
 */
public final class SnowflakeHealthIndicators {

	public static final String BOOT_4_HEALTH_INDICATOR = ReflectiveHealthIndicator.BOOT_4_PACKAGE + ".HealthIndicator";

	public static final String BOOT_3_HEALTH_INDICATOR = ReflectiveHealthIndicator.BOOT_3_PACKAGE + ".HealthIndicator";

	private SnowflakeHealthIndicators() {
	}

	public static Object boot4(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		return ReflectiveHealthIndicator.create(ReflectiveHealthIndicator.BOOT_4_PACKAGE,
				() -> GeneratorHealth.of(generator, managed));
	}

	public static Object boot3(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		return ReflectiveHealthIndicator.create(ReflectiveHealthIndicator.BOOT_3_PACKAGE,
				() -> GeneratorHealth.of(generator, managed));
	}
}
