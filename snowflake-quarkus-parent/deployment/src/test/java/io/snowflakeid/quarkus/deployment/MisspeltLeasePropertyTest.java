package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A misspelt lease or segment property stops the start, naming it and the group's properties: Quarkus only warns of
 * an unknown key, and this one would leave the default lease table in place while the other services lease from the
 * configured one, each handing out the same worker ids.
 */
class MisspeltLeasePropertyTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:misspelt-lease;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.lease.tabel-name", "shared_leases")
		.assertException((failure) -> assertThat(InvalidSettingsTest.rootMessages(failure))
			.contains("Invalid quarkus.snowflake.lease.tabel-name = (value not shown)")
			.doesNotContain("shared_leases")
			.contains("quarkus.snowflake.lease.table-name")
			.doesNotContain("quarkus.quarkus."));

	@Test
	void theStartFails() {
		fail("the application must not start");
	}
}
