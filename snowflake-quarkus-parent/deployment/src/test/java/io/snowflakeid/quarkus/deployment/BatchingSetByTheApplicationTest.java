package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** The application's statement batch size wins over the extension's default; the column check's mode is passed on. */
class BatchingSetByTheApplicationTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:batching-set;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.hibernate-orm.jdbc.statement-batch-size", "7")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "2")
		.overrideConfigKey("quarkus.snowflake.schema-check", "warn");

	@Inject
	EntityManagerFactory entityManagerFactory;

	@Test
	void theApplicationsBatchSizeIsKept() {
		assertThat(this.entityManagerFactory.getProperties()).containsEntry("hibernate.jdbc.batch_size", "7")
			.containsEntry("hibernate.order_inserts", "true")
			.containsEntry("snowflake.schema-check", "warn");
	}
}
