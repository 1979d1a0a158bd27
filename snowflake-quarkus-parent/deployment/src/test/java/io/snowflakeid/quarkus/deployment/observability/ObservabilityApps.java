package io.snowflakeid.quarkus.deployment.observability;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.quarkus.deployment.startup.Item;

/** Applications leasing their worker id from an in-memory H2 database. */
final class ObservabilityApps {

	private ObservabilityApps() {
	}

	/** With the default lease (1 minute, renewed every 20 s). */
	static QuarkusUnitTest leasing(String db) {
		return new QuarkusUnitTest()
			.withApplicationRoot((jar) -> jar.addClasses(Item.class, ObservabilityApps.class, HttpGet.class))
			.overrideConfigKey("quarkus.datasource.db-kind", "h2")
			.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1")
			.overrideConfigKey("quarkus.devservices.enabled", "false")
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
			.overrideConfigKey("quarkus.snowflake.datacenter-id", "1");
	}

	/**
	 * With a lease of 9 s, renewed every 3 s: a takeover is found within seconds, and a renewal 6 s late (CI runs this
	 * build niced beside another) does not yet let the lease run out.
	 */
	static QuarkusUnitTest leasingShortly(String db) {
		return leasing(db).overrideConfigKey("quarkus.snowflake.lease.duration", "9s");
	}
}
