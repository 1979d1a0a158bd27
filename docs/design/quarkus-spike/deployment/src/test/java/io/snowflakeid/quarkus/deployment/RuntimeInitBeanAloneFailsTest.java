package io.snowflakeid.quarkus.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The design's first idea alone (a runtime-init SnowflakeIdGenerator bean, no GeneratorSource): Hibernate 7.2
 * initializes generators while Quarkus builds the metadata at static init, the bean cannot be had then, and
 * snowflake-hibernate falls back to its Hibernate-settings service, whose "auto" tries a database lease at static init.
 */
class RuntimeInitBeanAloneFailsTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot(jar -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.snowflake.generator-source", "false")
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:spike3;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.assertException(ex -> {
			StringBuilder all = new StringBuilder();
			for (Throwable t = ex; t != null; t = t.getCause()) {
				all.append(t).append('\n');
			}
			assertThat(all.toString()).contains("Cannot lease a worker id from table snowflake_worker_lease")
				.contains("Cannot retrieve a connection to the database during Quarkus' static initialization");
		});

	@Test
	void startFails() {
		fail("the application should not start");
	}
}
