package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application's hibernate.order_inserts / hibernate.jdbc.batch_size set through
 * quarkus.hibernate-orm.unsupported-properties win over the extension's defaults (docs/quarkus.md,
 * HibernateSettings' Javadoc).
 */
class UnsupportedPropertiesWinTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("unsupported")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.hibernate-orm.unsupported-properties.\"hibernate.order_inserts\"", "false")
		.overrideConfigKey("quarkus.hibernate-orm.unsupported-properties.\"hibernate.jdbc.batch_size\"", "10");

	@Inject
	EntityManagerFactory entityManagerFactory;

	@Test
	void theApplicationsValuesWin() {
		assertThat(this.entityManagerFactory.getProperties()).containsEntry("hibernate.order_inserts", "false")
			.containsEntry("hibernate.jdbc.batch_size", "10");
	}
}
