package io.snowflakeid.quarkus.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.arc.Arc;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.quarkus.runtime.SnowflakeRecorder;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SnowflakeIdPersistTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot(jar -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:spike;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create");

	@Inject
	EntityManager em;

	@Inject
	EntityManagerFactory emf;

	@Test
	void persistTakesIdFromTheArcBean() {
		SnowflakeIdGenerator bean = Arc.container().instance(SnowflakeIdGenerator.class).get();
		long issuedBefore = bean.statistics().idsIssued();
		Invoice invoice = new Invoice();
		invoice.label = "first";
		QuarkusTransaction.requiringNew().run(() -> em.persist(invoice));
		assertThat(invoice.id).isNotNull().isPositive();
		SnowflakeIdParts parts = bean.decode(invoice.id);
		assertThat(parts.datacenterId()).isEqualTo(3);
		assertThat(parts.workerId()).isEqualTo(17);
		assertThat(bean.statistics().idsIssued()).isEqualTo(issuedBefore + 1);
		assertThat(SnowflakeRecorder.created).isEqualTo(1);
		Invoice found = QuarkusTransaction.requiringNew().call(() -> em.find(Invoice.class, invoice.id));
		assertThat(found.label).isEqualTo("first");
	}

	@Test
	void runtimeIntegrationListenerContributes() {
		assertThat(emf.getProperties()).containsEntry("snowflake.spike.listener", "contributed")
			.containsEntry("hibernate.order_inserts", "true");
	}
}
