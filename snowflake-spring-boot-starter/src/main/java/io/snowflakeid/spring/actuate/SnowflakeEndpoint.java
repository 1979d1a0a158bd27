package io.snowflakeid.spring.actuate;

import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.GeneratorReport;
import io.snowflakeid.internal.ManagedGenerator;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * {@code /actuator/snowflake}: the active configuration; {@code /actuator/snowflake/{id}}: an id decoded into
 * instant, datacenter, worker and sequence. Malformed and foreign ids are a 400 that says why; public id tokens are
 * not decoded ({@link GeneratorReport}, shared with the Quarkus extension).
 */
@Endpoint(id = "snowflake")
class SnowflakeEndpoint {

	private final SnowflakeIdGenerator generator;

	private final ManagedGenerator managed;

	public SnowflakeEndpoint(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		this.generator = generator;
		this.managed = managed;
	}

	@ReadOperation
	public Map<String, Object> configuration() {
		return GeneratorReport.configuration(this.generator, this.managed);
	}

	@ReadOperation
	public Map<String, Object> decode(@Selector String id) {
		try {
			return GeneratorReport.decode(this.generator, id);
		}
		catch (GeneratorReport.InvalidIdException ex) {
			throw new InvalidEndpointRequestException(ex.getMessage(), ex.reason());
		}
	}
}
