package io.snowflakeid.quarkus.deployment;

import io.quarkus.arc.Arc;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeIdParts;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** An application with a static worker id: ids on ORM and Panache entities, assigned ids kept, Hibernate's defaults. */
class StaticWorkerIdTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class, Customer.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:static-worker-id;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "3")
		.overrideConfigKey("quarkus.snowflake.worker-id", "17");

	@Inject
	EntityManager entityManager;

	@Inject
	EntityManagerFactory entityManagerFactory;

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void anEntityGetsAnIdOfTheConfiguredNodeFromTheApplicationsGenerator() {
		long issuedBefore = this.generator.statistics().idsIssued();
		Invoice invoice = new Invoice();
		invoice.label = "first";
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(invoice));
		assertThat(invoice.id).isPositive();
		SnowflakeIdParts parts = this.generator.decode(invoice.id);
		assertThat(parts.datacenterId()).isEqualTo(3);
		assertThat(parts.workerId()).isEqualTo(17);
		assertThat(this.generator.statistics().idsIssued()).as("one generator: the bean").isEqualTo(issuedBefore + 1);
		assertThat(Arc.container().instance(SnowflakeIdGenerator.class).get()).isSameAs(this.generator);
		Invoice found = QuarkusTransaction.requiringNew().call(() -> this.entityManager.find(Invoice.class, invoice.id));
		assertThat(found.label).isEqualTo("first");
	}

	@Test
	void aPanacheEntityWithItsOwnIdGetsOne() {
		Customer customer = new Customer();
		customer.name = "Ada";
		QuarkusTransaction.requiringNew().run(customer::persist);
		assertThat(customer.id).isPositive();
		assertThat(this.generator.decode(customer.id).workerId()).isEqualTo(17);
		assertThat(QuarkusTransaction.requiringNew().call(() -> Customer.<Customer>findById(customer.id)).name)
			.isEqualTo("Ada");
	}

	@Test
	void anIdTheApplicationAssignsIsKept() {
		long assigned = this.generator.nextId();
		Invoice invoice = new Invoice();
		invoice.id = assigned;
		invoice.label = "imported";
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(invoice));
		assertThat(invoice.id).isEqualTo(assigned);
		assertThat(QuarkusTransaction.requiringNew().call(() -> this.entityManager.find(Invoice.class, assigned)))
			.isNotNull();
	}

	@Test
	void insertsAreBatchedAndColumnsCheckedByDefault() {
		assertThat(this.entityManagerFactory.getProperties()).containsEntry("hibernate.jdbc.batch_size", "50")
			.containsEntry("hibernate.order_inserts", "true")
			.containsEntry("snowflake.schema-check", "fail");
	}
}
