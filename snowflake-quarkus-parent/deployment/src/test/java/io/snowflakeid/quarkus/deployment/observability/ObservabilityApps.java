package io.snowflakeid.quarkus.deployment.observability;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.quarkus.deployment.startup.Item;

/** Applications leasing their worker id from an in-memory H2 database, with a short lease (renewed every second). */
final class ObservabilityApps {

	private ObservabilityApps() {
	}

	static QuarkusUnitTest leasing(String db) {
		return new QuarkusUnitTest()
			.withApplicationRoot((jar) -> jar.addClasses(Item.class, ObservabilityApps.class, HttpGet.class))
			.overrideConfigKey("quarkus.datasource.db-kind", "h2")
			.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1")
			.overrideConfigKey("quarkus.devservices.enabled", "false")
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
			.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
			.overrideConfigKey("quarkus.snowflake.lease.duration", "3s");
	}
}
