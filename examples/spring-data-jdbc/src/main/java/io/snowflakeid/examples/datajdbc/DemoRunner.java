package io.snowflakeid.examples.datajdbc;

import java.util.List;

import io.snowflakeid.SnowflakeIdGenerator;

import org.springframework.boot.CommandLineRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Saves a few aggregates and prints their ids with the decoded parts. */
@Component
class DemoRunner implements CommandLineRunner {

	private final CustomerRepository customers;

	private final PurchaseOrderRepository orders;

	private final SnowflakeIdGenerator ids;

	DemoRunner(CustomerRepository customers, PurchaseOrderRepository orders, SnowflakeIdGenerator ids) {
		this.customers = customers;
		this.orders = orders;
		this.ids = ids;
	}

	@Override
	@Transactional
	public void run(String... args) {
		// New aggregates with ids known before the INSERT: saveAll sends them as one JDBC batch.
		List<Customer> saved = this.customers.saveAll(List.of(new Customer("Ada"), new Customer("Grace")));
		for (Customer customer : saved) {
			System.out.println("customer " + customer.getName() + ": " + this.ids.decode(customer.getId()));
			PurchaseOrder order = this.orders.save(new PurchaseOrder(null, customer.getId(), 4_200));
			System.out.println("  order: " + this.ids.decode(order.id()));
		}
	}
}
