package io.snowflakeid.examples.jooq;

import java.util.List;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.examples.jooq.db.tables.daos.PurchaseOrderDao;
import io.snowflakeid.examples.jooq.db.tables.pojos.PurchaseOrder;
import io.snowflakeid.examples.jooq.db.tables.records.CustomerRecord;
import org.jooq.DSLContext;

import org.springframework.boot.CommandLineRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import static io.snowflakeid.examples.jooq.db.Tables.CUSTOMER;

/** Inserts a few records and prints their ids with the decoded parts. */
@Component
class DemoRunner implements CommandLineRunner {

	private final DSLContext dsl;

	private final PurchaseOrderDao orders;

	private final SnowflakeIdGenerator ids;

	DemoRunner(DSLContext dsl, PurchaseOrderDao orders, SnowflakeIdGenerator ids) {
		this.dsl = dsl;
		this.orders = orders;
		this.ids = ids;
	}

	@Override
	@Transactional
	public void run(String... args) {
		// New records without ids: the listener gives them ids before the INSERT, so batchStore stays one batch.
		List<CustomerRecord> customers = List.of(customer("Ada"), customer("Grace"));
		this.dsl.batchStore(customers).execute();
		for (CustomerRecord customer : customers) {
			System.out.println("customer " + customer.getName() + ": " + this.ids.decode(customer.getId()));
			// A generated DAO inserts the POJO through a record, and copies the id back into the POJO.
			PurchaseOrder order = new PurchaseOrder(null, customer.getId(), 4_200L);
			this.orders.insert(order);
			System.out.println("  order: " + this.ids.decode(order.getId()));
		}
	}

	private CustomerRecord customer(String name) {
		CustomerRecord customer = this.dsl.newRecord(CUSTOMER);
		customer.setName(name);
		return customer;
	}
}
