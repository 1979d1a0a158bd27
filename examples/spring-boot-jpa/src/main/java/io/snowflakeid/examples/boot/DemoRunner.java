package io.snowflakeid.examples.boot;

import java.util.List;

import io.snowflakeid.SnowflakeIdGenerator;

import org.springframework.boot.CommandLineRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Persists a few rows and prints their ids with the decoded parts. */
@Component
class DemoRunner implements CommandLineRunner {

	private final CustomerRepository customers;

	private final PurchaseOrderRepository orders;

	private final InvoiceRepository invoices;

	private final SnowflakeIdGenerator ids;

	DemoRunner(CustomerRepository customers, PurchaseOrderRepository orders, InvoiceRepository invoices,
			SnowflakeIdGenerator ids) {
		this.customers = customers;
		this.orders = orders;
		this.invoices = invoices;
		this.ids = ids;
	}

	@Override
	@Transactional
	public void run(String... args) {
		List<Customer> saved = this.customers.saveAll(List.of(new Customer("Ada"), new Customer("Grace")));
		for (Customer customer : saved) {
			System.out.println("customer " + customer.getName() + ": " + this.ids.decode(customer.getId()));
			PurchaseOrder order = this.orders.save(new PurchaseOrder(customer, 4_200));
			System.out.println("  order: " + this.ids.decode(order.getId()));
			Invoice invoice = this.invoices.save(new Invoice(order, 4_200));
			System.out.println("  invoice: " + invoice.getNumber() + " (@SegmentId: short and dense)");
		}
		// Ids for anything else (messages, files, events) come from the same generator.
		System.out.println("an id outside JPA: " + this.ids.decode(this.ids.nextId()));
	}
}
