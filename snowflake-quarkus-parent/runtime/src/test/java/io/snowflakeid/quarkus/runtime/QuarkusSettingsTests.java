package io.snowflakeid.quarkus.runtime;

import java.util.Map;

import io.quarkus.runtime.configuration.ConfigurationException;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Messages of the core name the Quarkus properties. */
class QuarkusSettingsTests {

	@Test
	void aSettingInAMessageIsNamedAsTheQuarkusProperty() {
		assertThat(QuarkusSettings.quarkusNames("Invalid snowflake.worker-id = 40: allowed 0..31 (5 worker bits); "
				+ "or set snowflake.layout.worker-bits"))
			.isEqualTo("Invalid quarkus.snowflake.worker-id = 40: allowed 0..31 (5 worker bits); or set "
					+ "quarkus.snowflake.layout.worker-bits");
	}

	@Test
	void packageNamesAndQuarkusPropertiesAreLeftAsTheyAre() {
		String message = "io.snowflakeid.worker.WorkerLease, quarkus.snowflake.worker-id, my-snowflake.table";
		assertThat(QuarkusSettings.quarkusNames(message)).isEqualTo(message);
	}

	@Test
	void theSegmentMaxStepIsReadUnderQuarkusPrefixAndARefusalNamesTheQuarkusProperty() {
		assertThat(QuarkusSettings.configurationAtStaticInit(config(Map.of("quarkus.snowflake.segment.max-step", "5000")))
			.segment().maxStep()).isEqualTo(5000);
		assertThat(QuarkusSettings.configurationAtStaticInit(config(Map.of())).segment().maxStep()).isNull();
		assertThatExceptionOfType(ConfigurationException.class)
			.isThrownBy(() -> QuarkusSettings
				.configurationAtStaticInit(config(Map.of("quarkus.snowflake.segment.max-step", "0"))))
			.withMessage("Invalid quarkus.snowflake.segment.max-step = 0: allowed 1..1000000");
	}

	/**
	 * The generator's own settings and the layout's too: a misspelt worker-assignment left the service on auto (a
	 * database lease beside services leasing from ZooKeeper or Redis). The extension's other properties and every
	 * spelling Quarkus reads a real key by are left alone.
	 */
	@Test
	void aMisspeltGeneratorOrLayoutNameIsRefused() {
		for (String typo : new String[] { "quarkus.snowflake.worker-asignment", "QUARKUS_SNOWFLAKE_WORKER_ASIGNMENT",
				"%prod.quarkus.snowflake.layout.worker-bit", "QUARKUS_SNOWFLAKE_WORKERASSIGNMENT",
				"quarkus.snowflake.workerAssignment" }) {
			Map<String, String> values = Map.of(typo, "7");
			SmallRyeConfig config = typo.startsWith("QUARKUS_")
					? new SmallRyeConfigBuilder().withSources(new EnvConfigSource(values, 300)).build() : config(values);
			assertThatExceptionOfType(ConfigurationException.class).as(typo)
				.isThrownBy(() -> QuarkusSettings.configurationAtStaticInit(config))
				.withMessageContaining(" = (value not shown)")
				.withMessageContaining("the key quarkus.snowflake.");
		}
		SmallRyeConfig spelled = new SmallRyeConfigBuilder()
			.withSources(new EnvConfigSource(Map.of("QUARKUS_SNOWFLAKE_WORKER_ASSIGNMENT", "hostname-ordinal"), 300))
			.withSources(new PropertiesConfigSource(Map.of("quarkus.snowflake.health.enabled", "false",
					"quarkus.snowflake.jackson.ids-as-strings", "false", "quarkus.snowflake.layout.worker-bits", "5"),
					"test", 500))
			.build();
		assertThat(QuarkusSettings.configurationAtStaticInit(spelled).workerAssignment().name())
			.isEqualTo("HOSTNAME_ORDINAL");
	}

	/**
	 * A name that no row is read by but that reads as a misspelt row is refused (Quarkus only warns): misspelt, it
	 * would leave the default lease table in place while the other services lease from the configured one; an
	 * environment variable SmallRye does not read a key by ({@code ..._TABLENAME}) among them. Every spelling Quarkus
	 * reads a real key by still works: the dashed name, its environment variable, a profile's.
	 */
	@Test
	void aMisspeltLeaseOrSegmentNameIsRefusedAndEverySpellingOfARealOneRead() {
		for (String typo : new String[] { "quarkus.snowflake.lease.tabel-name", "QUARKUS_SNOWFLAKE_LEASE_TABEL_NAME",
				"%prod.quarkus.snowflake.segment.maxstepp", "quarkus.snowflake.leases.table-name",
				"QUARKUS_SNOWFLAKE_LEASE_TABLENAME" }) {
			Map<String, String> values = Map.of(typo, "shared_leases");
			SmallRyeConfig config = typo.startsWith("QUARKUS_")
					? new SmallRyeConfigBuilder().withSources(new EnvConfigSource(values, 300)).build() : config(values);
			assertThatExceptionOfType(ConfigurationException.class)
				.isThrownBy(() -> QuarkusSettings.configurationAtStaticInit(config))
				.withMessageStartingWith("Invalid ")
				.withMessageContaining(" = (value not shown)")
				.satisfies((ex) -> assertThat(ex.getMessage()
					.substring("Invalid ".length(), ex.getMessage().indexOf(" = (value not shown)"))
					.replaceAll("[._-]", "_")).as("the name as found (an environment variable's maybe dotted)")
					.isEqualToIgnoringCase(typo.replaceAll("[._-]", "_")))
				.withMessageNotContaining("shared_leases")
				.withMessageContaining("quarkus.snowflake.")
				.withMessageNotContaining("quarkus.quarkus.");
		}
		SmallRyeConfig spelled = new SmallRyeConfigBuilder()
			.withSources(new EnvConfigSource(Map.of("QUARKUS_SNOWFLAKE_LEASE_TABLE_NAME", "env_leases"), 300))
			.withSources(new PropertiesConfigSource(Map.of("%prod.quarkus.snowflake.segment.max-step", "5000",
					"quarkus.snowflake.segment.max-wait", "2s"), "test", 500))
			.build();
		assertThat(QuarkusSettings.configurationAtStaticInit(spelled).lease().tableName()).isEqualTo("env_leases");
		assertThat(QuarkusSettings.configurationAtStaticInit(spelled).segment().maxWait())
			.isEqualTo(java.time.Duration.ofSeconds(2));
		assertThat(QuarkusSettings.configurationAtStaticInit(config(Map.of("quarkus.snowflake.jpa.batching-defaults.enabled",
				"false", "quarkus.datasource.jdbc.url", "jdbc:h2:mem:x"))).lease().tableName())
			.isEqualTo("snowflake_worker_lease");
	}

	/**
	 * The modules' groups too (a misspelt Redis key or ZooKeeper path: a pool of its own beside the other services');
	 * their real names, in either form, and the public-id keys (a family) are read.
	 */
	@Test
	void aMisspeltModuleNameIsRefusedAndTheRealOnesRead() {
		assertThatExceptionOfType(ConfigurationException.class)
			.isThrownBy(() -> QuarkusSettings.configurationAtStaticInit(
					config(Map.of("quarkus.snowflake.redis.kye", "shared-leases"))))
			.withMessageContaining("quarkus.snowflake.redis.key")
			.withMessageNotContaining("shared-leases");
		SmallRyeConfig spelled = new SmallRyeConfigBuilder()
			.withSources(new EnvConfigSource(Map.of("QUARKUS_SNOWFLAKE_ZOOKEEPER_CONNECT_STRING", "zk:2181",
					"QUARKUS_SNOWFLAKE_PUBLIC_ID_KEYS_1", "k"), 300))
			.withSources(new PropertiesConfigSource(Map.of("quarkus.snowflake.redis.accept-data-loss-risk", "true",
					"quarkus.snowflake.public-id.keys.2", "k"), "test", 500))
			.build();
		assertThat(QuarkusSettings.configurationAtStaticInit(spelled).lease().tableName())
			.isEqualTo("snowflake_worker_lease");
	}

	private static SmallRyeConfig config(Map<String, String> values) {
		return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(values, "test", 500)).build();
	}
}
