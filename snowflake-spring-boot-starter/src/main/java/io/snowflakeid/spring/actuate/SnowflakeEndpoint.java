package io.snowflakeid.spring.actuate;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeStatistics;
import io.snowflakeid.internal.ManagedGenerator;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * {@code /actuator/snowflake}: the active configuration; {@code /actuator/snowflake/{id}}: an id decoded into
 * instant, datacenter, worker and sequence. Malformed and foreign ids are a 400 that says why.
 */
@Endpoint(id = "snowflake")
class SnowflakeEndpoint {

	/** Ids whose timestamp is further in the future than this cannot have been issued with this layout. */
	private static final long FUTURE_SLACK_MILLIS = 60_000;

	/**
	 * Public id tokens are not decoded here, on purpose: an endpoint turning tokens into raw ids is an oracle for what
	 * the tokens hide, for whoever reaches it.
	 */
	static final String TOKEN_HINT = " (a public id token? This endpoint decodes raw ids only: decoding tokens here "
			+ "would make it an oracle for the ids they hide. Decode one in code, with the PublicIdCodec bean)";

	private final SnowflakeIdGenerator generator;

	private final ManagedGenerator managed;

	public SnowflakeEndpoint(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		this.generator = generator;
		this.managed = managed;
	}

	@ReadOperation
	public Map<String, Object> configuration() {
		SnowflakeLayout layout = this.generator.layout();
		Map<String, Object> result = new LinkedHashMap<>();
		Map<String, Object> bits = new LinkedHashMap<>();
		bits.put("total", layout.totalBits());
		bits.put("timestamp", layout.timestampBits());
		bits.put("datacenter", layout.datacenterBits());
		bits.put("worker", layout.workerBits());
		bits.put("sequence", layout.sequenceBits());
		result.put("layout", bits);
		result.put("epoch", layout.epoch().toString());
		result.put("tickMillis", layout.tickMillis());
		result.put("timestampFieldEnds", layout.exhaustedAt().toString());
		result.put("maxIdsPerSecond", layout.maxIdsPerSecond());
		result.put("datacenterId", this.generator.datacenterId());
		result.put("workerId", this.generator.workerId());
		if (this.managed != null) {
			result.put("workerAssignment", this.managed.assignment().value());
			if (this.managed.lease() != null) {
				result.put("leaseEnd", this.managed.lease().leaseEnd().toString());
				result.put("leaseValid", this.managed.lease().isValid());
			}
		}
		SnowflakeStatistics statistics = this.generator.statistics();
		result.put("idsIssued", statistics.idsIssued());
		return result;
	}

	@ReadOperation
	public Map<String, Object> decode(@Selector String id) {
		long value;
		try {
			value = Long.parseLong(id.trim());
		}
		catch (NumberFormatException ex) {
			throw new InvalidEndpointRequestException("Not a snowflake id: '" + id + "' is not a decimal 64-bit number"
					+ (id.strip().matches("[0-9A-Za-z]{8,32}") ? TOKEN_HINT : ""), "Malformed id");
		}
		SnowflakeLayout layout = this.generator.layout();
		long max = (layout.totalBits() == 63) ? Long.MAX_VALUE : (1L << layout.totalBits()) - 1;
		if (value < 0 || value > max) {
			throw new InvalidEndpointRequestException("Not an id of this layout: " + value + " is outside 0.." + max,
					"Foreign id");
		}
		SnowflakeIdParts parts = layout.decode(value);
		if (parts.timestamp().isAfter(Instant.now().plusMillis(FUTURE_SLACK_MILLIS))) {
			throw new InvalidEndpointRequestException("Not an id of this layout: its timestamp " + parts.timestamp()
					+ " is in the future (epoch " + layout.epoch() + ")", "Foreign id");
		}
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("id", Long.toString(value));
		result.put("timestamp", parts.timestamp().toString());
		result.put("datacenterId", parts.datacenterId());
		result.put("workerId", parts.workerId());
		result.put("sequence", parts.sequence());
		return result;
	}
}
