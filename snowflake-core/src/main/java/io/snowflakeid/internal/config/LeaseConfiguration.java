package io.snowflakeid.internal.config;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.internal.jdbc.JdbcSupport;

import static io.snowflakeid.internal.values.ValuesByKey.required;
import static io.snowflakeid.internal.values.ValuesByKey.value;

/**
 * What {@code snowflake.lease.*} says: the lease table and how long a lease lasts. Immutable; every value is checked
 * here, once, whichever binding (Spring properties, Hibernate settings, code) produced it.
 *
 * @param tableName the lease table: a plain SQL identifier, optionally schema-qualified
 * @param duration how long a lease lasts without renewal (renewed every third of it); 3 s to 1 h
 * @param safetyMargin how long after its lease end an unrenewed worker id stays out of the pool, for clock
 * differences between instances; 0 s to 1 h
 * @param createTable create the table if it is missing (switch off when Flyway or Liquibase owns the schema)
 * @param acceptDataLossRisk lease from a database whose settings let it lose committed writes (refused otherwise)
 */
public record LeaseConfiguration(String tableName, Duration duration, Duration safetyMargin, boolean createTable,
		boolean acceptDataLossRisk) {

	/** The lease table unless {@code snowflake.lease.table-name} says otherwise. */
	public static final String DEFAULT_TABLE_NAME = "snowflake_worker_lease";

	public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);

	public static final Duration DEFAULT_SAFETY_MARGIN = Duration.ofSeconds(10);

	/** {@code snowflake_worker_lease}, 60 s leases, a 10 s safety margin, the table created if missing. */
	public static final LeaseConfiguration DEFAULTS = new LeaseConfiguration(DEFAULT_TABLE_NAME,
			DEFAULT_DURATION, DEFAULT_SAFETY_MARGIN, true, false);

	/** A configuration that refuses databases able to lose committed writes. */
	public LeaseConfiguration(String tableName, Duration duration, Duration safetyMargin, boolean createTable) {
		this(tableName, duration, safetyMargin, createTable, false);
	}

	public LeaseConfiguration {
		checkTableName(tableName);
		Objects.requireNonNull(duration, SnowflakeSettings.LEASE_DURATION + " must not be null");
		Objects.requireNonNull(safetyMargin, SnowflakeSettings.LEASE_SAFETY_MARGIN + " must not be null");
		if (duration.compareTo(Duration.ofSeconds(3)) < 0 || duration.compareTo(Duration.ofHours(1)) > 0) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.LEASE_DURATION, duration, "3 s to 1 h");
		}
		if (safetyMargin.isNegative() || safetyMargin.compareTo(Duration.ofHours(1)) > 0) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.LEASE_SAFETY_MARGIN, safetyMargin, "0 s to 1 h");
		}
	}

	/**
	 * This configuration with the {@code snowflake.lease.*} values a binding collected, by key: what the map holds
	 * replaces the component, what it does not hold is kept. The values are of each setting's type ({@code Duration},
	 * {@code Boolean}, ...); other keys are ignored. Checked as any configuration. The one place where a lease
	 * setting's key meets its component: the bindings pass their values through here.
	 */
	public LeaseConfiguration with(Map<String, ?> values) {
		return new LeaseConfiguration(
				value(values, SnowflakeSettings.LEASE_TABLE_NAME, String.class, this.tableName),
				value(values, SnowflakeSettings.LEASE_DURATION, Duration.class, this.duration),
				value(values, SnowflakeSettings.LEASE_SAFETY_MARGIN, Duration.class, this.safetyMargin),
				required(values, SnowflakeSettings.LEASE_CREATE_TABLE, Boolean.class, this.createTable),
				required(values, SnowflakeSettings.LEASE_ACCEPT_DATA_LOSS_RISK, Boolean.class,
						this.acceptDataLossRisk));
	}

	/**
	 * This configuration's values by key, each of its setting's type: what {@link #with} reads, so that
	 * {@code DEFAULTS.with(c.values())} equals {@code c}.
	 */
	public Map<String, Object> values() {
		Map<String, Object> values = new HashMap<>();
		values.put(SnowflakeSettings.LEASE_TABLE_NAME, this.tableName);
		values.put(SnowflakeSettings.LEASE_DURATION, this.duration);
		values.put(SnowflakeSettings.LEASE_SAFETY_MARGIN, this.safetyMargin);
		values.put(SnowflakeSettings.LEASE_CREATE_TABLE, this.createTable);
		values.put(SnowflakeSettings.LEASE_ACCEPT_DATA_LOSS_RISK, this.acceptDataLossRisk);
		return values;
	}

	/**
	 * The lease table's name, checked as a plain SQL identifier (optionally schema-qualified) of at most 63 characters
	 * a part.
	 * @throws SnowflakeConfigurationException naming {@code snowflake.lease.table-name}
	 */
	public static String checkTableName(String tableName) {
		return JdbcSupport.checkTableName(SnowflakeSettings.LEASE_TABLE_NAME, tableName, 63, DEFAULT_TABLE_NAME);
	}
}
