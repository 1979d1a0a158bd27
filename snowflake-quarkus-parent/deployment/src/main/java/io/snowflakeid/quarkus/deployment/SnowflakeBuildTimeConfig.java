package io.snowflakeid.quarkus.deployment;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The settings of {@code quarkus.snowflake.*} that decide what the build adds to the application (the others are
 * read at start, see {@code SnowflakeConfig}).
 */
@ConfigMapping(prefix = "quarkus.snowflake")
@ConfigRoot(phase = ConfigPhase.BUILD_TIME)
public interface SnowflakeBuildTimeConfig {

	/** {@code quarkus.snowflake.health.*}. */
	Health health();

	/** {@code quarkus.snowflake.metrics.*}. */
	Metrics metrics();

	/** {@code quarkus.snowflake.endpoint.*}. */
	Endpoint endpoint();

	/** {@code quarkus.snowflake.jackson.*}. */
	Jackson jackson();

	/** {@code quarkus.snowflake.jsonb.*}. */
	Jsonb jsonb();

	/** The health checks. */
	interface Health {

		/**
		 * Whether to add the {@code snowflake} readiness check (DOWN while ids are refused) and the
		 * {@code snowflake-lease} liveness check (DOWN when the worker lease was lost, which only a restart heals)
		 * when {@code quarkus-smallrye-health} is present.
		 */
		@WithDefault("true")
		boolean enabled();
	}

	/** The meters. */
	interface Metrics {

		/**
		 * Whether to register the generator's and its lease's meters ({@code snowflake.ids.generated},
		 * {@code snowflake.lease.valid} and the others) when {@code quarkus-micrometer} is present.
		 */
		@WithDefault("true")
		boolean enabled();
	}

	/** The decode endpoint. */
	interface Endpoint {

		/**
		 * Whether to serve {@code /q/snowflake} (the configuration) and {@code /q/snowflake/<id>} (an id decoded into
		 * instant, datacenter, worker and sequence) when the application has an HTTP server. Off by default: it shows
		 * the node and lease to whoever reaches it; serve it on the management interface
		 * ({@code quarkus.management.enabled=true}) or protect it.
		 */
		@WithDefault("false")
		boolean enabled();
	}

	/** JSON with Jackson. */
	interface Jackson {

		/**
		 * Whether {@code @SnowflakeId Long} properties are written as JSON strings (and read from strings or numbers)
		 * by the application's {@code ObjectMapper} when {@code quarkus-jackson} is present: ids exceed 2^53, which
		 * JavaScript clients round to another id. A property with {@code @JsonFormat(shape = NUMBER)} stays a number.
		 */
		@WithDefault("true")
		boolean idsAsStrings();
	}

	/** JSON with JSON-B. */
	interface Jsonb {

		/**
		 * Whether {@code @SnowflakeId Long} fields, getters and setters are written as JSON strings (and read from
		 * strings or numbers) by JSON-B when {@code quarkus-jsonb} is present: the build adds
		 * {@code @JsonbTypeSerializer}/{@code @JsonbTypeDeserializer} to them. A property with either annotation, or
		 * {@code @JsonbNumberFormat}, of its own is left as it is.
		 */
		@WithDefault("true")
		boolean idsAsStrings();
	}
}
