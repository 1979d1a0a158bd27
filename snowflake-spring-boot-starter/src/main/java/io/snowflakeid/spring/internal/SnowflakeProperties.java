package io.snowflakeid.spring.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
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
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Configuration of snowflake ids, under {@code snowflake.*}. Every value is checked when the generator is built;
 * a bad one stops the application with a message naming the property, the value and the allowed range.
 * <p>
 * The settings of {@link SnowflakeConfiguration} are declared once, in the settings table
 * ({@link Settings}: key, parser, default, description). The generator's thirteen settings this bean has fields for
 * ({@link #fields}; the layout is read from them for Hibernate's mapping, the node ids and the assignment for the
 * conditions, before the generator's claim) are nullable fields
 * here that only bind: null means not set, {@link #toConfiguration(PropertySources)} hands them to the configuration
 * builder, which applies the table's defaults, and the getters show the table's default while a property is not set.
 * Every other row (the lease's, segment mode's, any later setting of the generator) is no field:
 * {@link #toConfiguration(PropertySources)} binds it row by row from the table, by its key. The
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
	 * settings, and any setting of the generator without a field ({@link #fields}), have no fields here: each such row
	 * of the table is bound from {@code sources} as text by its key, with Spring's relaxed names and
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
		Map<Setting<?>, Object> fields = fields();
		SnowflakeConfiguration.Builder builder = SnowflakeConfiguration.builder();
		for (Setting<?> row : Settings.ALL) {
			if (fields.containsKey(row)) {
				put(builder, row, fields.get(row));
			}
			else {
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
		for (Setting<?> row : Settings.EVERY_ROW) {
			if (row.key().startsWith(group) && isRowsName(source, name, origin, row)) {
				return;
			}
		}
		for (Setting<?> row : Settings.EVERY_ROW) {
			// the row's own name in a spelling Spring does not read it by, beside one it does, in one source: checked
			// for every row, the short ones too (SNOWFLAKE_WORKERID and SNOWFLAKE_WORKER_ID, helper-87's review)
			if (row.key().startsWith(group) && Settings.isSpellingOf(text, "", row)) {
				ConfigurationProperty read = source.getConfigurationProperty(ConfigurationPropertyName.of(row.key()));
				if (read != null) {
					refuseSecondSpelling(property, read, row);
					return;
				}
			}
		}
		Setting<?> misspelt = Settings.misspeltRow(text, "");
		if (misspelt == null) {
			return;
		}
		ConfigurationProperty read = Settings.isSpellingOf(text, "", misspelt)
				? source.getConfigurationProperty(ConfigurationPropertyName.of(misspelt.key())) : null;
		if (read == null) {
			// a spelling the row is not read by, and the row not set in this source by one it is read by
			throw Settings.misspeltName(text, "", misspelt, (origin != null) ? origin.toString() : null);
		}
		// the row's own name in a second spelling beside the one Spring reads it by, in one source
		// (SNOWFLAKE_LEASE_TABLENAME and SNOWFLAKE_LEASE_TABLE_NAME)
		refuseSecondSpelling(property, read, misspelt);
	}

	/**
	 * Two spellings of one row's name set in one source: harmless with one value, the one Spring reads; with two,
	 * which one this service runs with depends on Spring's order of spellings, not on what the operator meant for all
	 * the services. Neither value is shown.
	 */
	private static void refuseSecondSpelling(ConfigurationProperty property, ConfigurationProperty read,
			Setting<?> row) {
		if (property != null && String.valueOf(read.getValue()).equals(String.valueOf(property.getValue()))) {
			return;
		}
		Object where = (property != null && property.getOrigin() != null) ? property.getOrigin() : "another spelling";
		throw new SnowflakeConfigurationException(row.key(), "(value not shown)", Settings.SET_TWICE,
				"It is set twice with different values, as " + where + " and as "
						+ ((read.getOrigin() != null) ? read.getOrigin() : row.key())
						+ "; Spring reads only one of them: remove the other");
	}

	/**
	 * Whether {@code name} is the row's, by Spring's name equality or, in the system environment, as the same variable
	 * the source answers the row's key with (either spelling Spring reads a dashed name by). Only there: elsewhere an
	 * origin may be shared by every property of a source ({@code SPRING_APPLICATION_JSON}'s are all that variable),
	 * and a misspelt name beside a real row would pass for it (helper-85's review).
	 */
	private static boolean isRowsName(ConfigurationPropertySource source, ConfigurationPropertyName name, Origin origin,
			Setting<?> row) {
		ConfigurationPropertyName key = ConfigurationPropertyName.of(row.key());
		if (key.equals(name)) {
			return true;
		}
		if (!(source.getUnderlyingSource() instanceof SystemEnvironmentPropertySource)) {
			return false;
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
		SnowflakeConfiguration.Builder builder = SnowflakeConfiguration.builder();
		fields().forEach((row, value) -> put(builder, row, value));
		return builder;
	}

	/**
	 * The rows bound into this bean's fields, with their values (null: unset). These are read before the generator's
	 * claim (the layout for Hibernate's mapping, the worker assignment for the conditions, the schema check for the
	 * JPA defaults) and shown by {@code /actuator/configprops}. Every other row of the table, a new setting of the
	 * generator included, has no field: {@link #toConfiguration} binds it by its key.
	 */
	private Map<Setting<?>, Object> fields() {
		Map<Setting<?>, Object> fields = new LinkedHashMap<>();
		fields.put(Settings.DATACENTER_ID, this.datacenterId);
		fields.put(Settings.WORKER_ID, this.workerId);
		fields.put(Settings.EPOCH, this.epoch);
		fields.put(Settings.TICK_LENGTH, this.tickLength);
		fields.put(Settings.CLOCK_TOLERANCE, this.clockTolerance);
		fields.put(Settings.WORKER_ASSIGNMENT, this.workerAssignment);
		fields.put(Settings.LIFETIME_WARNING_YEARS, this.lifetimeWarningYears);
		fields.put(Settings.SCHEMA_CHECK, this.schemaCheck);
		fields.put(Settings.LAYOUT_PRESET, this.layout.preset);
		fields.put(Settings.TIMESTAMP_BITS, this.layout.timestampBits);
		fields.put(Settings.DATACENTER_BITS, this.layout.datacenterBits);
		fields.put(Settings.WORKER_BITS, this.layout.workerBits);
		fields.put(Settings.SEQUENCE_BITS, this.layout.sequenceBits);
		return fields;
	}

	private static <T> void put(SnowflakeConfiguration.Builder builder, Setting<T> row, Object value) {
		builder.put(row, row.type().cast(value));
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
