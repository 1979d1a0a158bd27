package io.snowflakeid.quarkus.runtime;

import java.util.function.BiConsumer;

import io.quarkus.hibernate.orm.runtime.integration.HibernateOrmIntegrationRuntimeInitListener;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * What the extension sets in one persistence unit's Hibernate settings at start: {@code snowflake.schema-check}
 * (read by the column check) and, unless the application set them or {@code quarkus.snowflake.jpa.batching-defaults
 * .enabled=false}, {@code hibernate.jdbc.batch_size} and {@code hibernate.order_inserts=true}. Quarkus applies its
 * {@code unsupported-properties} after these, so an application's own {@code hibernate.order_inserts} still wins.
 */
final class HibernateSettings implements HibernateOrmIntegrationRuntimeInitListener {

	static final String BATCH_SIZE = "hibernate.jdbc.batch_size";

	static final String ORDER_INSERTS = "hibernate.order_inserts";

	private static final Logger logger = Logger.getLogger(HibernateSettings.class);

	private final String persistenceUnit;

	private final boolean batchingDefaults;

	private final boolean batchSizeSet;

	private final boolean reactive;

	HibernateSettings(String persistenceUnit, boolean batchingDefaults, boolean batchSizeSet, boolean reactive) {
		this.persistenceUnit = persistenceUnit;
		this.batchingDefaults = batchingDefaults;
		this.batchSizeSet = batchSizeSet;
		this.reactive = reactive;
	}

	/** {@code true} or {@code false}, any case: a typo must not switch the defaults off unnoticed. */
	static boolean enabled(java.util.Optional<String> value) {
		String text = value.map(String::strip).orElse("true");
		if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
			return Boolean.parseBoolean(text);
		}
		throw new io.quarkus.runtime.configuration.ConfigurationException(
				"Invalid quarkus.snowflake.jpa.batching-defaults.enabled = '" + value.get() + "': allowed true or false "
						+ "(default true)");
	}

	/**
	 * The column check's mode in this unit. It reads the columns over JDBC, which a Hibernate Reactive unit has not:
	 * there it is off, with a warning (the default {@code fail} cannot be kept; {@code off} silences it), and an
	 * explicit {@code fail} is refused rather than silently not kept.
	 */
	SchemaCheck schemaCheck(SchemaCheck configured) {
		if (!this.reactive || configured == SchemaCheck.OFF) {
			return configured;
		}
		String property = QuarkusSettings.PREFIX + SnowflakeSettings.SCHEMA_CHECK;
		String explicit = ConfigProvider.getConfig().getConfigValue(property).getRawValue();
		if (explicit != null && configured == SchemaCheck.FAIL) {
			throw new io.quarkus.runtime.configuration.ConfigurationException(property + "=fail cannot be kept in"
					+ " persistence unit '" + this.persistenceUnit + "': it is a Hibernate Reactive unit, which has no JDBC"
					+ " connection to read the columns with. Remove the setting (the default checks the blocking units"
					+ " and warns for reactive ones), or make sure the @SnowflakeId columns are 64-bit (BIGINT) and set "
					+ property + "=off");
		}
		logger.warnf("Persistence unit '%s' is a Hibernate Reactive unit: the @SnowflakeId column check does not run"
				+ " there (it reads the columns over JDBC, which Hibernate Reactive has not); make sure the id columns"
				+ " are 64-bit (BIGINT), then %s=off silences this", this.persistenceUnit, property);
		return SchemaCheck.OFF;
	}

	@Override
	public void contributeRuntimeProperties(BiConsumer<String, Object> properties) {
		SnowflakeConfiguration configuration = QuarkusSettings.configuration(ConfigProvider.getConfig());
		properties.accept(SnowflakeSettings.SCHEMA_CHECK, schemaCheck(configuration.schemaCheck()).value());
		SnowflakeConfig.BatchingDefaults batching = ConfigProvider.getConfig()
			.unwrap(io.smallrye.config.SmallRyeConfig.class)
			.getConfigMapping(SnowflakeConfig.class)
			.jpa()
			.batchingDefaults();
		if (!this.batchingDefaults || !enabled(batching.enabled())) {
			return;
		}
		if (batching.batchSize() < 1) {
			throw new io.quarkus.runtime.configuration.ConfigurationException(
					"Invalid quarkus.snowflake.jpa.batching-defaults.batch-size = " + batching.batchSize()
							+ ": allowed 1.." + Integer.MAX_VALUE);
		}
		StringBuilder applied = new StringBuilder();
		if (!this.batchSizeSet) {
			properties.accept(BATCH_SIZE, String.valueOf(batching.batchSize()));
			applied.append(BATCH_SIZE).append('=').append(batching.batchSize()).append(", ");
		}
		properties.accept(ORDER_INSERTS, "true");
		applied.append(ORDER_INSERTS).append("=true");
		logger.infof("JDBC batching defaults for persistence unit '%s': %s (quarkus.hibernate-orm.jdbc."
				+ "statement-batch-size overrides the batch size; quarkus.snowflake.jpa.batching-defaults.enabled=false "
				+ "turns them off)", this.persistenceUnit, applied);
	}
}
