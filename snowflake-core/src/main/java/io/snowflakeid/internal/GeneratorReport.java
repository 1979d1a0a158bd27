package io.snowflakeid.internal;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;

/**
 * What every binding's decode endpoint shows (Spring Boot's {@code /actuator/snowflake}, Quarkus'
 * {@code /q/snowflake}): the active configuration, and an id decoded into instant, datacenter, worker and sequence.
 */
public final class GeneratorReport {

	/**
	 * Public id tokens are not decoded, on purpose: an endpoint turning tokens into raw ids is an oracle for what the
	 * tokens hide, for whoever reaches it.
	 */
	public static final String TOKEN_HINT = " (a public id token? This endpoint decodes raw ids only: decoding tokens "
			+ "here would make it an oracle for the ids they hide. Decode one in code, with the PublicIdCodec bean)";

	/** Ids whose timestamp is further in the future than this cannot have been issued with this layout. */
	private static final long FUTURE_SLACK_MILLIS = 60_000;

	private GeneratorReport() {
	}

	/** The layout, epoch, node and lease of {@code generator}; {@code managed} null where nothing holds its worker. */
	public static Map<String, Object> configuration(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		SnowflakeLayout layout = generator.layout();
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
		result.put("datacenterId", generator.datacenterId());
		result.put("workerId", generator.workerId());
		if (managed != null) {
			result.put("workerAssignment", managed.assignment().value());
			if (managed.lease() != null) {
				result.put("leaseEnd", managed.lease().leaseEnd().toString());
				result.put("leaseValid", managed.lease().isValid());
			}
		}
		result.put("idsIssued", generator.statistics().idsIssued());
		return result;
	}

	/**
	 * {@code id} (decimal text) decoded with {@code generator}'s layout.
	 * @throws InvalidIdException if it is not a decimal 64-bit number, or cannot be an id of this layout
	 */
	public static Map<String, Object> decode(SnowflakeIdGenerator generator, String id) {
		long value;
		try {
			value = Long.parseLong(id.trim());
		}
		catch (NumberFormatException ex) {
			throw new InvalidIdException("Not a snowflake id: '" + id + "' is not a decimal 64-bit number"
					+ (id.strip().matches("[0-9A-Za-z]{8,32}") ? TOKEN_HINT : ""), "Malformed id");
		}
		SnowflakeLayout layout = generator.layout();
		long max = (layout.totalBits() == 63) ? Long.MAX_VALUE : (1L << layout.totalBits()) - 1;
		if (value < 0 || value > max) {
			throw new InvalidIdException("Not an id of this layout: " + value + " is outside 0.." + max, "Foreign id");
		}
		SnowflakeIdParts parts = layout.decode(value);
		if (parts.timestamp().isAfter(Instant.now().plusMillis(FUTURE_SLACK_MILLIS))) {
			throw new InvalidIdException("Not an id of this layout: its timestamp " + parts.timestamp()
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

	/** An id the endpoint cannot decode: a bad request, whose message says why and whose reason says it in short. */
	public static final class InvalidIdException extends IllegalArgumentException {

		private static final long serialVersionUID = 1L;

		private final String reason;

		InvalidIdException(String message, String reason) {
			super(message);
			this.reason = reason;
		}

		/** {@code Malformed id} or {@code Foreign id}. */
		public String reason() {
			return this.reason;
		}
	}
}
