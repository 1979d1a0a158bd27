package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * An application whose only datasource is a named one (the default persistence unit on it): the lease is not taken
 * there, and the start fails saying that the lease needs the default datasource, not a named one, so that "configure
 * quarkus.datasource.*" does not read as "you have no datasource".
 */
class NamedDatasourceOnlyTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Item.class, TestApps.class))
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.datasource.users.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.users.jdbc.url", "jdbc:h2:mem:named-only;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.datasource", "users")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.assertException((failure) -> assertThat(TestApps.messages(failure))
			.contains("leases the worker id over JDBC from the default datasource")
			.contains("not from a named one"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
