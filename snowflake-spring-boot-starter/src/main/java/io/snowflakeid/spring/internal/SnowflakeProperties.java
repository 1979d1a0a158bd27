package io.snowflakeid.spring.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.internal.config.WorkerAssignment;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.origin.Origin;
import org.springframework.core.env.PropertySources;

/**
 * Configuration of snowflake ids, under {@code snowflake.*}. Every value is checked when the generator is built;
 * a bad one stops the application with a message naming the property, the value and the allowed range.
 * <p>
 * The settings of {@link SnowflakeConfiguration} are declared once, in the settings table
 * ({@link Settings}: key, parser, default, description). The generator's settings are nullable fields here that only bind:
 * null means not set, {@link #toConfiguration(PropertySources)} hands them to the configuration builder, which applies the
 * table's defaults, and the getters show the table's default while a property is not set. The lease's and segment
 * mode's settings are no fields: {@link #toConfiguration(PropertySources)} binds them row by row from the table. The
 * descriptions, types and defaults of all of them in the configuration metadata come from
 * {@code additional-spring-configuration-metadata.json}, which a test writes from the table.
 */
@ConfigurationProperties(prefix = "snowflake")
public class SnowflakeProperties {

	private Long datacenterId;

	private Long workerId;

	private Instant epoch;

	private Duration tickLength;

	private Duration clockTolerance;

	private WorkerAssignment workerAssignment;

	/** Bit layout of the ids. */
	private final Layout layout = new Layout();

	/** JPA integration. */
	private final Jpa jpa = new Jpa();

	/** JSON (Jackson) integration. */
	private final Jackson jackson = new Jackson();

	/** Micrometer metrics. */
	private final Metrics metrics = new Metrics();

	private Integer lifetimeWarningYears;

	private SchemaCheck schemaCheck;

	public Long getDatacenterId() {
		return this.datacenterId;
	}

	public void setDatacenterId(Long datacenterId) {
		this.datacenterId = datacenterId;
	}

	public Long getWorkerId() {
		return this.workerId;
	}

	public void setWorkerId(Long workerId) {
		this.workerId = workerId;
	}

	public Instant getEpoch() {
		return orDefault(this.epoch, Settings.EPOCH);
	}

	public void setEpoch(Instant epoch) {
		this.epoch = epoch;
	}

	public Duration getTickLength() {
		return orDefault(this.tickLength, Settings.TICK_LENGTH);
	}

	public void setTickLength(Duration tickLength) {
		this.tickLength = tickLength;
	}

	public Duration getClockTolerance() {
		return orDefault(this.clockTolerance, Settings.CLOCK_TOLERANCE);
	}

	public void setClockTolerance(Duration clockTolerance) {
		this.clockTolerance = clockTolerance;
	}

	public WorkerAssignment getWorkerAssignment() {
		return orDefault(this.workerAssignment, Settings.WORKER_ASSIGNMENT);
	}

	/** The assignment as set, null when unset (auto), without reading the settings table. */
	public WorkerAssignment workerAssignmentAsSet() {
		return this.workerAssignment;
	}

	public void setWorkerAssignment(WorkerAssignment workerAssignment) {
		this.workerAssignment = workerAssignment;
	}

	public Layout getLayout() {
		return this.layout;
	}

	public Jpa getJpa() {
		return this.jpa;
	}

	public Jackson getJackson() {
		return this.jackson;
	}

	/** The value set, or the setting's default from the table. */
	static <T> T orDefault(T value, Setting<T> setting) {
		return (value != null) ? value : setting.defaultValue();
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public SchemaCheck getSchemaCheck() {
		return orDefault(this.schemaCheck, Settings.SCHEMA_CHECK);
	}

	public void setSchemaCheck(SchemaCheck schemaCheck) {
		this.schemaCheck = schemaCheck;
	}

	public int getLifetimeWarningYears() {
		return orDefault(this.lifetimeWarningYears, Settings.LIFETIME_WARNING_YEARS);
	}

	public void setLifetimeWarningYears(int lifetimeWarningYears) {
		this.lifetimeWarningYears = lifetimeWarningYears;
	}

	/** JSON (Jackson) integration. */
	public static class Jackson {

		/**
		 * Whether JSON writes @SnowflakeId Long properties as strings (JavaScript numbers lose precision above
		 * 2^53, and snowflake ids are above it) and reads them from strings or numbers. With springdoc-openapi, the
		 * OpenAPI document then describes them as strings too.
		 */
		private boolean idsAsStrings = true;

		public boolean isIdsAsStrings() {
			return this.idsAsStrings;
		}

		public void setIdsAsStrings(boolean idsAsStrings) {
			this.idsAsStrings = idsAsStrings;
		}
	}

	/** Micrometer metrics. */
	public static class Metrics {

		/** Whether to publish snowflake.* meters (ids generated, waits, clock steps, lease renewals, lifetime). */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}
	}

	/**
	 * The typed configuration these properties describe: every value checked once, with the same messages as the
	 * Hibernate settings binding ({@link SnowflakeConfiguration#fromSettings}). The lease's and segment mode's
	 * settings have no fields here: each row of the table under {@code snowflake.lease.} and
	 * {@code snowflake.segment.} is bound from {@code sources} as text by its key, with Spring's relaxed names and
	 * placeholders ({@code SNOWFLAKE_SEGMENT_MAXWAIT}, {@code ${LEASES}}), and read by the row's parser as every other
	 * binding reads it ({@code 30s}; an empty value is refused), so that a new one is a row of the table and nothing
	 * here. A property under those prefixes that is no row's but reads as a misspelt one is refused, from any
	 * source: it would leave its default in place (another lease table than the other services').
	 * @param sources the property sources the properties bean is bound from (the environment's, or those of the
	 * application's single {@code PropertySourcesPlaceholderConfigurer})
	 * @throws io.snowflakeid.SnowflakeConfigurationException naming a value that cannot be read, is out of range or
	 * is under a misspelt name
	 */
	public SnowflakeConfiguration toConfiguration(PropertySources sources) {
		// one adaptation for the check and the binder: each keeps the names it has mapped (environment variables)
		Iterable<ConfigurationPropertySource> adapted = ConfigurationPropertySources.from(sources);
		for (ConfigurationPropertySource source : adapted) {
			if (source instanceof IterableConfigurationPropertySource names) {
				for (ConfigurationPropertyName name : names) {
					refuseMisspelt(source, name);
				}
			}
		}
		Binder binder = new Binder(adapted, new PropertySourcesPlaceholdersResolver(sources));
		SnowflakeConfiguration.Builder builder = generatorSettings();
		for (Setting<?> row : Settings.ALL) {
			if (row.key().startsWith(Settings.LEASE_GROUP) || row.key().startsWith(Settings.SEGMENT_GROUP)) {
				read(binder, row, builder);
			}
		}
		return builder.build();
	}

	/**
	 * A name under a checked group's prefix (lease, segment, ZooKeeper, Redis, public ids: {@link Settings#groupOf})
	 * that the binding reads as no row (Spring's own comparison of
	 * names, or the source answering the row's key with this very property: an environment variable in either
	 * spelling Spring reads) and that reads as a misspelt row ({@link Settings#misspeltRow}) is refused. Any other is
	 * left alone, as Spring leaves unknown properties: a Kubernetes Service's variables
	 * ({@code SNOWFLAKE_LEASE_SERVICE_HOST}), a setting of a newer release in shared configuration.
	 */
	private static void refuseMisspelt(ConfigurationPropertySource source, ConfigurationPropertyName name) {
		String text = name.toString();
		String group = Settings.groupOf(text, "");
		if (group == null) {
			return;
		}
		ConfigurationProperty property = source.getConfigurationProperty(name);
		Origin origin = (property != null) ? property.getOrigin() : null;
		for (List<Setting<?>> rows : List.of(Settings.ALL, Settings.MODULES)) {
			for (Setting<?> row : rows) {
				if (row.key().startsWith(group) && isRowsName(source, name, origin, row)) {
					return;
				}
			}
		}
		Setting<?> misspelt = Settings.misspeltRow(text, "");
		if (misspelt != null) {
			throw Settings.misspeltName(text, "", misspelt, (origin != null) ? origin.toString() : null);
		}
	}

	/** Whether {@code name} is the row's, by Spring's name equality or as the same property of the source. */
	private static boolean isRowsName(ConfigurationPropertySource source, ConfigurationPropertyName name, Origin origin,
			Setting<?> row) {
		ConfigurationPropertyName key = ConfigurationPropertyName.of(row.key());
		if (key.equals(name)) {
			return true;
		}
		ConfigurationProperty bound = source.getConfigurationProperty(key);
		return bound != null && isSameProperty(origin, bound.getOrigin());
	}

	/**
	 * Whether two origins are those of one property: an environment variable's origin has no equality of its own
	 * (each lookup makes a new one), but says which variable it is, as other origins say which property and source.
	 */
	private static boolean isSameProperty(Origin origin, Origin other) {
		return origin != null && other != null && (origin.equals(other) || origin.toString().equals(other.toString()));
	}

	private static <T> void read(Binder binder, Setting<T> row, SnowflakeConfiguration.Builder builder) {
		String text = binder.bind(row.key(), Bindable.of(String.class)).orElse(null);
		builder.put(row, (text != null) ? row.parse(text) : null);
	}

	/**
	 * The layout of the ids these properties describe, checked: what Hibernate's mapping needs, without binding the
	 * lease's and segment mode's settings (the generator's claim binds and checks them).
	 */
	public SnowflakeLayout toLayout() {
		return generatorSettings().build().layout();
	}

	private SnowflakeConfiguration.Builder generatorSettings() {
		return SnowflakeConfiguration.builder()
			.datacenterId(this.datacenterId)
			.workerId(this.workerId)
			.epoch(this.epoch)
			.tickLength(this.tickLength)
			.clockTolerance(this.clockTolerance)
			.workerAssignment(this.workerAssignment)
			.lifetimeWarningYears(this.lifetimeWarningYears)
			.schemaCheck(this.schemaCheck)
			.layoutPreset(this.layout.preset)
			.timestampBits(this.layout.timestampBits)
			.datacenterBits(this.layout.datacenterBits)
			.workerBits(this.layout.workerBits)
			.sequenceBits(this.layout.sequenceBits);
	}

	/** Bit widths of the fields below the sign bit; they must add up to 63. */
	public static class Layout {

		private String preset;

		private Integer timestampBits;

		private Integer datacenterBits;

		private Integer workerBits;

		private Integer sequenceBits;

		public String getPreset() {
			return orDefault(this.preset, Settings.LAYOUT_PRESET);
		}

		public void setPreset(String preset) {
			this.preset = preset;
		}

		public Integer getTimestampBits() {
			return this.timestampBits;
		}

		public void setTimestampBits(Integer timestampBits) {
			this.timestampBits = timestampBits;
		}

		public Integer getDatacenterBits() {
			return this.datacenterBits;
		}

		public void setDatacenterBits(Integer datacenterBits) {
			this.datacenterBits = datacenterBits;
		}

		public Integer getWorkerBits() {
			return this.workerBits;
		}

		public void setWorkerBits(Integer workerBits) {
			this.workerBits = workerBits;
		}

		public Integer getSequenceBits() {
			return this.sequenceBits;
		}

		public void setSequenceBits(Integer sequenceBits) {
			this.sequenceBits = sequenceBits;
		}
	}

	/** JPA integration. */
	public static class Jpa {

		/** Defaults for Hibernate's JDBC batching, used only where the application sets none. */
		private final BatchingDefaults batchingDefaults = new BatchingDefaults();

		public BatchingDefaults getBatchingDefaults() {
			return this.batchingDefaults;
		}
	}

	/**
	 * Snowflake ids exist before the INSERT, so Hibernate can batch inserts; these defaults switch that on.
	 * {@code spring.jpa.properties.hibernate.jdbc.batch_size} and {@code hibernate.order_inserts} set by the
	 * application always win.
	 */
	public static class BatchingDefaults {

		/**
		 * Whether to supply hibernate.jdbc.batch_size and hibernate.order_inserts=true when the application has
		 * not set them.
		 */
		private boolean enabled = true;

		/** The hibernate.jdbc.batch_size to supply. */
		private int batchSize = 50;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getBatchSize() {
			return this.batchSize;
		}

		public void setBatchSize(int batchSize) {
			this.batchSize = batchSize;
		}
	}
}
