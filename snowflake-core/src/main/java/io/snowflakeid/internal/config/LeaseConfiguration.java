package io.snowflakeid.internal.config;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.SnowflakeConfigurationException;
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

	/**
	 * The settings table's defaults ({@code snowflake_worker_lease}, 60 s leases, a 10 s safety margin, the table
	 * created if missing): the rows hold them, the record takes them (the table never reads the record, so that
	 * either class may be initialised first).
	 */
	public static final LeaseConfiguration DEFAULTS = new LeaseConfiguration(Settings.LEASE_TABLE_NAME.defaultValue(),
			Settings.LEASE_DURATION.defaultValue(), Settings.LEASE_SAFETY_MARGIN.defaultValue(),
			Settings.LEASE_CREATE_TABLE.defaultValue(), Settings.LEASE_ACCEPT_DATA_LOSS_RISK.defaultValue());

	/** A configuration that refuses databases able to lose committed writes. */
	public LeaseConfiguration(String tableName, Duration duration, Duration safetyMargin, boolean createTable) {
		this(tableName, duration, safetyMargin, createTable, false);
	}

	public LeaseConfiguration {
		checkTableName(tableName);
		Objects.requireNonNull(duration, Settings.LEASE_DURATION.key() + " must not be null");
		Objects.requireNonNull(safetyMargin, Settings.LEASE_SAFETY_MARGIN.key() + " must not be null");
		if (duration.compareTo(Duration.ofSeconds(3)) < 0 || duration.compareTo(Duration.ofHours(1)) > 0) {
			throw new SnowflakeConfigurationException(Settings.LEASE_DURATION.key(), duration, "3 s to 1 h");
		}
		if (safetyMargin.isNegative() || safetyMargin.compareTo(Duration.ofHours(1)) > 0) {
			throw new SnowflakeConfigurationException(Settings.LEASE_SAFETY_MARGIN.key(), safetyMargin, "0 s to 1 h");
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
				value(values, Settings.LEASE_TABLE_NAME.key(), String.class, this.tableName),
				value(values, Settings.LEASE_DURATION.key(), Duration.class, this.duration),
				value(values, Settings.LEASE_SAFETY_MARGIN.key(), Duration.class, this.safetyMargin),
				required(values, Settings.LEASE_CREATE_TABLE.key(), Boolean.class, this.createTable),
				required(values, Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key(), Boolean.class,
						this.acceptDataLossRisk));
	}

	/**
	 * This configuration's values by key, each of its setting's type: what {@link #with} reads, so that
	 * {@code DEFAULTS.with(c.values())} equals {@code c}.
	 */
	public Map<String, Object> values() {
		Map<String, Object> values = new HashMap<>();
		values.put(Settings.LEASE_TABLE_NAME.key(), this.tableName);
		values.put(Settings.LEASE_DURATION.key(), this.duration);
		values.put(Settings.LEASE_SAFETY_MARGIN.key(), this.safetyMargin);
		values.put(Settings.LEASE_CREATE_TABLE.key(), this.createTable);
		values.put(Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key(), this.acceptDataLossRisk);
		return values;
	}

	/**
	 * The lease table's name, checked as a plain SQL identifier (optionally schema-qualified) of at most 63 characters
	 * a part.
	 * @throws SnowflakeConfigurationException naming {@code snowflake.lease.table-name}
	 */
	public static String checkTableName(String tableName) {
		return JdbcSupport.checkTableName(Settings.LEASE_TABLE_NAME.key(), tableName, 63, DEFAULT_TABLE_NAME);
	}
}
