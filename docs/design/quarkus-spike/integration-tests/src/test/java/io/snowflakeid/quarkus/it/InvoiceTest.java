package io.snowflakeid.quarkus.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

@QuarkusTest
class InvoiceTest {

	@Inject
	EntityManager em;

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void persistGetsSnowflakeIdFromTheBean() {
		Invoice invoice = new Invoice();
		invoice.label = "it";
		QuarkusTransaction.requiringNew().run(() -> em.persist(invoice));
		assertThat(invoice.id).isNotNull();
		assertThat(generator.decode(invoice.id).workerId()).isEqualTo(17);
		assertThat(generator.decode(invoice.id).datacenterId()).isEqualTo(3);
	}
}
