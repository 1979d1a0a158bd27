package io.snowflakeid.examples.datajdbc;

import io.snowflakeid.SnowflakeIdGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@SpringBootTest
@ExtendWith(OutputCaptureExtension.class)
class ExampleApplicationTests {

	@Autowired
	CustomerRepository customers;

	@Autowired
	PurchaseOrderRepository orders;

	@Autowired
	SnowflakeIdGenerator ids;

	@Test
	void demoSavesAggregatesWithSnowflakeIdsOfThisInstance(CapturedOutput output) {
		assertThat(this.customers.findAll()).hasSize(2).allSatisfy((customer) -> {
			assertThat(this.ids.decode(customer.getId()).datacenterId()).isEqualTo(1);
			assertThat(this.ids.decode(customer.getId()).workerId()).isEqualTo(1);
		});
		assertThat(this.orders.findAll()).hasSize(2)
			.allSatisfy((order) -> assertThat(this.ids.decode(order.id()).workerId()).isEqualTo(1));
		assertThat(output).contains("customer Ada: ").contains("dc=1 worker=1");
	}

	@Test
	void runsWithoutHibernateOrJpa() {
		assertThatThrownBy(() -> Class.forName("org.hibernate.Session")).isInstanceOf(ClassNotFoundException.class);
		assertThatThrownBy(() -> Class.forName("jakarta.persistence.Entity"))
			.isInstanceOf(ClassNotFoundException.class);
	}
}
