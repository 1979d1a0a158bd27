package io.snowflakeid.worker;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeSettings;

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

	public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);

	public static final Duration DEFAULT_SAFETY_MARGIN = Duration.ofSeconds(10);

	/** {@code snowflake_worker_lease}, 60 s leases, a 10 s safety margin, the table created if missing. */
	public static final LeaseConfiguration DEFAULTS = new LeaseConfiguration(LeaseTable.DEFAULT_NAME,
			DEFAULT_DURATION, DEFAULT_SAFETY_MARGIN, true, false);

	/** A configuration that refuses databases able to lose committed writes. */
	public LeaseConfiguration(String tableName, Duration duration, Duration safetyMargin, boolean createTable) {
		this(tableName, duration, safetyMargin, createTable, false);
	}

	public LeaseConfiguration {
		new LeaseTable(tableName); // checks the identifier, naming the setting
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
}
