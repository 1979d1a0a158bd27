package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * An INTEGER id column (created by the JDBC URL's INIT, Hibernate's schema management off) with the default
 * schema-check=fail must stop the start, and the message should name the Quarkus property to relax it.
 */
class NarrowColumnTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Item.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:narrow;DB_CLOSE_DELAY=-1;"
				+ "INIT=CREATE TABLE IF NOT EXISTS review_item (id INTEGER PRIMARY KEY, label VARCHAR(255))")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "none")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.assertException((failure) -> {
			String messages = TestApps.messages(failure);
			assertThat(messages).contains("review_item").contains("quarkus.snowflake.schema-check=warn");
		});

	@Test
	void theStartFails() {
		fail("started on an INTEGER id column");
	}
}
