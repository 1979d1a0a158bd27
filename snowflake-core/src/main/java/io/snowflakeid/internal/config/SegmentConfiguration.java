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
 * What {@code snowflake.segment.*} says: the segment table and how segments are fetched. Immutable; every value is
 * checked here, once, whichever binding (Spring properties, Hibernate settings, code) produced it.
 *
 * @param tableName the segment table (handed-back ranges go to {@code <name>_free}): a plain SQL identifier
 * @param defaultStep values per segment for keys whose {@code @SegmentId} sets no step; 1 to 1,000,000
 * @param prefetchThreshold share of the current segment used before the next one is fetched in the background
 * (Leaf uses 10 %); 0.0 (at once) to 0.9
 * @param maxWait how long a caller waits for a segment while the database is unreachable before failing; 0 s to
 * 1 min
 * @param createTable create the tables if they are missing (switch off when Flyway or Liquibase owns the schema)
 * @param dynamicStep let the step follow the load, as Leaf does: a segment used up in less than the target time
 * doubles the next step (up to {@code maxStep}, by default 100 times the configured step), one that lasted more than
 * twice the target halves it (down to the configured step)
 * @param dynamicStepTarget how long a segment should last when the step is dynamic; 1 ms to 1 day
 * @param maxStep the most a dynamic step grows to, for every key: it lowers the ceiling of 100 times the configured
 * step (at most 1,000,000), never raises it; null for that ceiling alone. 1 to 1,000,000 and at least
 * {@code defaultStep}. A key whose own step is larger keeps that step, fixed.
 */
public record SegmentConfiguration(String tableName, int defaultStep, double prefetchThreshold, Duration maxWait,
		boolean createTable, boolean dynamicStep, Duration dynamicStepTarget, Integer maxStep) {

	/** The segment table unless {@code snowflake.segment.table-name} says otherwise. */
	public static final String DEFAULT_TABLE_NAME = "snowflake_segment";

	/**
	 * The settings table's defaults ({@code snowflake_segment}, steps of 1000, prefetch at 10 %, callers wait at most
	 * 5 s, fixed steps, no max-step: a dynamic step grows to 100 times the configured one): the rows hold them, the
	 * record takes them (the table never reads the record, so that either class may be initialised first).
	 */
	public static final SegmentConfiguration DEFAULTS = new SegmentConfiguration(
			Settings.SEGMENT_TABLE_NAME.defaultValue(), Settings.SEGMENT_DEFAULT_STEP.defaultValue(),
			Settings.SEGMENT_PREFETCH_THRESHOLD.defaultValue(), Settings.SEGMENT_MAX_WAIT.defaultValue(),
			Settings.SEGMENT_CREATE_TABLE.defaultValue(), Settings.SEGMENT_DYNAMIC_STEP.defaultValue(),
			Settings.SEGMENT_DYNAMIC_STEP_TARGET.defaultValue(), Settings.SEGMENT_MAX_STEP.defaultValue());

	public SegmentConfiguration {
		checkTableName(tableName);
		Objects.requireNonNull(maxWait, Settings.SEGMENT_MAX_WAIT.key() + " must not be null");
		Objects.requireNonNull(dynamicStepTarget, Settings.SEGMENT_DYNAMIC_STEP_TARGET.key() + " must not be null");
		if (dynamicStepTarget.compareTo(Duration.ofMillis(1)) < 0 || dynamicStepTarget.compareTo(Duration.ofDays(1)) > 0) {
			throw new SnowflakeConfigurationException(Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), dynamicStepTarget,
					"1 ms to 1 day");
		}
		checkStep(Settings.SEGMENT_DEFAULT_STEP.key(), defaultStep);
		if (!(prefetchThreshold >= 0 && prefetchThreshold <= 0.9)) {
			throw new SnowflakeConfigurationException(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), prefetchThreshold,
					"0.0..0.9");
		}
		if (maxWait.isNegative() || maxWait.compareTo(Duration.ofMinutes(1)) > 0) {
			throw new SnowflakeConfigurationException(Settings.SEGMENT_MAX_WAIT.key(), maxWait, "0 s to 1 min");
		}
		if (maxStep != null) {
			checkStep(Settings.SEGMENT_MAX_STEP.key(), maxStep);
			if (maxStep < defaultStep) {
				throw new SnowflakeConfigurationException(Settings.SEGMENT_MAX_STEP.key(), maxStep,
						defaultStep + "..1000000 (at least " + Settings.SEGMENT_DEFAULT_STEP.key() + " = "
								+ defaultStep + ")");
			}
		}
	}

	/** Without a max-step (as before it existed): a dynamic step grows to 100 times the configured step. */
	public SegmentConfiguration(String tableName, int defaultStep, double prefetchThreshold, Duration maxWait,
			boolean createTable, boolean dynamicStep, Duration dynamicStepTarget) {
		this(tableName, defaultStep, prefetchThreshold, maxWait, createTable, dynamicStep, dynamicStepTarget, null);
	}

	/**
	 * This configuration with the {@code snowflake.segment.*} values a binding collected, by key: what the map holds
	 * replaces the component (a null value too: no max-step), what it does not hold is kept. The values are of each
	 * setting's type ({@code Integer}, {@code Duration}, ...); other keys are ignored. Checked as any configuration.
	 * The one place where a segment setting's key meets its component: the bindings and the builders pass their
	 * values through here.
	 */
	public SegmentConfiguration with(Map<String, ?> values) {
		return new SegmentConfiguration(
				value(values, Settings.SEGMENT_TABLE_NAME.key(), String.class, this.tableName),
				required(values, Settings.SEGMENT_DEFAULT_STEP.key(), Integer.class, this.defaultStep),
				required(values, Settings.SEGMENT_PREFETCH_THRESHOLD.key(), Double.class,
						this.prefetchThreshold),
				value(values, Settings.SEGMENT_MAX_WAIT.key(), Duration.class, this.maxWait),
				required(values, Settings.SEGMENT_CREATE_TABLE.key(), Boolean.class, this.createTable),
				required(values, Settings.SEGMENT_DYNAMIC_STEP.key(), Boolean.class, this.dynamicStep),
				value(values, Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), Duration.class,
						this.dynamicStepTarget),
				value(values, Settings.SEGMENT_MAX_STEP.key(), Integer.class, this.maxStep));
	}

	/**
	 * This configuration's values by key, each of its setting's type (a null max-step left out): what
	 * {@link #with} reads, so that {@code DEFAULTS.with(c.values())} equals {@code c}.
	 */
	public Map<String, Object> values() {
		Map<String, Object> values = new HashMap<>();
		values.put(Settings.SEGMENT_TABLE_NAME.key(), this.tableName);
		values.put(Settings.SEGMENT_DEFAULT_STEP.key(), this.defaultStep);
		values.put(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), this.prefetchThreshold);
		values.put(Settings.SEGMENT_MAX_WAIT.key(), this.maxWait);
		values.put(Settings.SEGMENT_CREATE_TABLE.key(), this.createTable);
		values.put(Settings.SEGMENT_DYNAMIC_STEP.key(), this.dynamicStep);
		values.put(Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), this.dynamicStepTarget);
		if (this.maxStep != null) {
			values.put(Settings.SEGMENT_MAX_STEP.key(), this.maxStep);
		}
		return values;
	}

	/**
	 * The segment table's name, checked as a plain SQL identifier (optionally schema-qualified) of at most 58
	 * characters a part, not 63: the table of handed-back ranges adds {@code _free}.
	 * @throws SnowflakeConfigurationException naming {@code snowflake.segment.table-name}
	 */
	public static String checkTableName(String tableName) {
		return JdbcSupport.checkTableName(Settings.SEGMENT_TABLE_NAME.key(), tableName, 58, DEFAULT_TABLE_NAME);
	}

	/** A segment step: 1 to 1,000,000. */
	public static void checkStep(String setting, long step) {
		if (step < 1 || step > 1_000_000) {
			throw new SnowflakeConfigurationException(setting, step, "1..1000000");
		}
	}
}
