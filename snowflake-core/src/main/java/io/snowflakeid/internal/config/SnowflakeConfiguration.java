package io.snowflakeid.internal.config;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;

/**
 * Everything the {@code snowflake.*} settings say, typed and checked. Both bindings produce it: Spring Boot binds
 * its properties and calls the {@link Builder}; plain Hibernate (and anyone with a settings map) calls
 * {@link #fromSettings(Map)}. Each value is checked once, here or in the type it belongs to ({@link SnowflakeLayout},
 * {@link LeaseConfiguration}, {@link SegmentConfiguration}), with one set of messages that name the setting, the
 * value and what is allowed. Each setting's key, parser, default and documentation are a row of the settings table
 * ({@link Settings}); the settings-map binding is a loop over it.
 *
 * @param layout the id layout (preset, bit widths, epoch, tick length)
 * @param datacenterId the static datacenter id, or null
 * @param workerId the static worker id, or null (then the worker id is assigned)
 * @param clockTolerance how far the clock may step back before the generator refuses to issue ids
 * @param workerAssignment how the worker id is assigned
 * @param lifetimeWarningYears warn at start when fewer years remain in the timestamp field
 * @param schemaCheck what to do at start when an id column cannot hold the ids
 * @param lease the database lease ({@code snowflake.lease.*})
 * @param segment segment mode ({@code snowflake.segment.*})
 */
public record SnowflakeConfiguration(SnowflakeLayout layout, Long datacenterId, Long workerId,
		Duration clockTolerance, WorkerAssignment workerAssignment, int lifetimeWarningYears, SchemaCheck schemaCheck,
		LeaseConfiguration lease, SegmentConfiguration segment) {

	/** The default of {@code snowflake.lifetime-warning-years} (a constant of the API; the settings table agrees). */
	public static final int DEFAULT_LIFETIME_WARNING_YEARS = 10;

	public SnowflakeConfiguration {
		Objects.requireNonNull(layout, "layout must not be null");
		Objects.requireNonNull(workerAssignment, SnowflakeSettings.WORKER_ASSIGNMENT + " must not be null");
		Objects.requireNonNull(schemaCheck, SnowflakeSettings.SCHEMA_CHECK + " must not be null");
		Objects.requireNonNull(lease, "lease must not be null");
		Objects.requireNonNull(segment, "segment must not be null");
		Objects.requireNonNull(clockTolerance, SnowflakeSettings.CLOCK_TOLERANCE + " must not be null");
		SnowflakeIdGenerator.Builder.checkClockTolerance(clockTolerance);
		checkNode(SnowflakeSettings.DATACENTER_ID, "datacenter", datacenterId, layout.datacenterBits(),
				layout.maxDatacenterId());
		checkNode(SnowflakeSettings.WORKER_ID, "worker", workerId, layout.workerBits(), layout.maxWorkerId());
		if (lifetimeWarningYears < 0 || lifetimeWarningYears > 1000) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.LIFETIME_WARNING_YEARS, lifetimeWarningYears,
					"0..1000");
		}
	}

	/** Reads {@code snowflake.*} entries of a settings map (Hibernate's, or any): see {@link SettingsMapReader}. */
	public static SnowflakeConfiguration fromSettings(Map<String, ?> settings) {
		return SettingsMapReader.read(settings);
	}

	public static Builder builder() {
		return new Builder();
	}

	/**
	 * A generator builder with this configuration's layout, clock tolerance and static ids (if any): the one
	 * description of the generator, whether its worker id is static, derived or leased.
	 */
	public SnowflakeIdGenerator.Builder generatorBuilder() {
		SnowflakeIdGenerator.Builder builder = SnowflakeIdGenerator.builder().layout(this.layout)
			.clockTolerance(this.clockTolerance);
		if (this.datacenterId != null) {
			builder.datacenterId(this.datacenterId);
		}
		if (this.workerId != null) {
			builder.workerId(this.workerId);
		}
		return builder;
	}

	private static void checkNode(String setting, String field, Long value, int bits, long max) {
		if (value != null && (value < 0 || value > max)) {
			throw new SnowflakeConfigurationException(setting, value, "0.." + max + " (" + bits + " " + field + " bits)");
		}
	}

	/**
	 * Collects settings as the bindings find them; {@link #build()} turns them into a checked configuration. Null
	 * means "not set": the default applies. Every setter is {@link #put(Setting, Object)} with its row of the settings
	 * table; the values are kept by key, and each configuration record takes its own from them
	 * ({@link LeaseConfiguration#with(Map)}, {@link SegmentConfiguration#with(Map)}), so that a new lease or segment
	 * setting does not pass through this builder.
	 */
	public static final class Builder {

		/** The values set, by key, each of its row's type; an unset setting has no entry. */
		private final Map<String, Object> values = new HashMap<>();

		private Builder() {
		}

		/**
		 * Sets the value of a row of the settings table ({@link Settings#ALL}); null unsets it (its default applies).
		 * For the library's bindings: a setting without a setter of its own is set this way.
		 * @throws IllegalArgumentException if the row is a module's, not one of a configuration
		 */
		public <T> Builder put(Setting<T> setting, T value) {
			if (!setting.configures()) {
				throw new IllegalArgumentException(setting.key() + " is not a setting of the configuration");
			}
			if (value == null) {
				this.values.remove(setting.key());
			}
			else {
				this.values.put(setting.key(), setting.type().cast(value));
			}
			return this;
		}

		/** {@code classic} (default) or {@code javascript-safe}; the bit widths set below override its widths. */
		public Builder layoutPreset(String preset) {
			return put(Settings.LAYOUT_PRESET, preset);
		}

		public Builder timestampBits(Integer bits) {
			return put(Settings.TIMESTAMP_BITS, bits);
		}

		public Builder datacenterBits(Integer bits) {
			return put(Settings.DATACENTER_BITS, bits);
		}

		public Builder workerBits(Integer bits) {
			return put(Settings.WORKER_BITS, bits);
		}

		public Builder sequenceBits(Integer bits) {
			return put(Settings.SEQUENCE_BITS, bits);
		}

		public Builder epoch(Instant epoch) {
			return put(Settings.EPOCH, epoch);
		}

		public Builder tickLength(Duration tickLength) {
			return put(Settings.TICK_LENGTH, tickLength);
		}

		public Builder datacenterId(Long datacenterId) {
			return put(Settings.DATACENTER_ID, datacenterId);
		}

		public Builder workerId(Long workerId) {
			return put(Settings.WORKER_ID, workerId);
		}

		public Builder clockTolerance(Duration clockTolerance) {
			return put(Settings.CLOCK_TOLERANCE, clockTolerance);
		}

		public Builder workerAssignment(WorkerAssignment workerAssignment) {
			return put(Settings.WORKER_ASSIGNMENT, workerAssignment);
		}

		public Builder lifetimeWarningYears(Integer years) {
			return put(Settings.LIFETIME_WARNING_YEARS, years);
		}

		public Builder schemaCheck(SchemaCheck schemaCheck) {
			return put(Settings.SCHEMA_CHECK, schemaCheck);
		}

		/** @throws SnowflakeConfigurationException naming the first setting that is out of range */
		public SnowflakeConfiguration build() {
			SnowflakeLayout.Builder layout = preset(value(Settings.LAYOUT_PRESET)).toBuilder();
			if (isSet(Settings.TIMESTAMP_BITS)) {
				layout.timestampBits(value(Settings.TIMESTAMP_BITS));
			}
			if (isSet(Settings.DATACENTER_BITS)) {
				layout.datacenterBits(value(Settings.DATACENTER_BITS));
			}
			if (isSet(Settings.WORKER_BITS)) {
				layout.workerBits(value(Settings.WORKER_BITS));
			}
			if (isSet(Settings.SEQUENCE_BITS)) {
				layout.sequenceBits(value(Settings.SEQUENCE_BITS));
			}
			if (isSet(Settings.EPOCH)) {
				layout.epoch(value(Settings.EPOCH));
			}
			if (isSet(Settings.TICK_LENGTH)) {
				layout.tickLength(value(Settings.TICK_LENGTH));
			}
			// lease and segment are checked before the layout (as they always were): with several bad values, the
			// error names the same one whichever binding produced them
			LeaseConfiguration lease = LeaseConfiguration.DEFAULTS.with(this.values);
			SegmentConfiguration segment = SegmentConfiguration.DEFAULTS.with(this.values);
			return new SnowflakeConfiguration(layout.build(), value(Settings.DATACENTER_ID), value(Settings.WORKER_ID),
					value(Settings.CLOCK_TOLERANCE), value(Settings.WORKER_ASSIGNMENT),
					value(Settings.LIFETIME_WARNING_YEARS), value(Settings.SCHEMA_CHECK), lease, segment);
		}

		private boolean isSet(Setting<?> setting) {
			return this.values.containsKey(setting.key());
		}

		/** The value set, or the setting's default from the table. */
		private <T> T value(Setting<T> setting) {
			return setting.or(setting.type().cast(this.values.get(setting.key())));
		}
	}

	/** The layout a preset name stands for: {@code classic} (also when not set) or {@code javascript-safe}. */
	static SnowflakeLayout preset(String name) {
		String text = (name == null) ? Settings.LAYOUT_PRESET.defaultValue()
				: name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
		return switch (text) {
			case "classic", "" -> SnowflakeLayout.DEFAULT;
			case "javascript-safe" -> SnowflakeLayout.JAVASCRIPT_SAFE;
			default -> throw new SnowflakeConfigurationException(SnowflakeSettings.LAYOUT_PRESET, "'" + name + "'",
					"classic or javascript-safe");
		};
	}
}
