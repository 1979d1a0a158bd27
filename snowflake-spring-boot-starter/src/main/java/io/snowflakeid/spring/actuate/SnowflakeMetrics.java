package io.snowflakeid.spring.actuate;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.GeneratorMeterBinder;
import io.snowflakeid.internal.ManagedGenerator;

/** Micrometer meters of the generator and its worker lease: the core's, as a bean of the starter's own type. */
class SnowflakeMetrics extends GeneratorMeterBinder {

	SnowflakeMetrics(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		super(generator, managed);
	}
}
