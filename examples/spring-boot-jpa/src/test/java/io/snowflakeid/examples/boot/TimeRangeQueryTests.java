package io.snowflakeid.examples.boot;

import java.time.Instant;
import java.util.List;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeIdRange;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/** The README's time-range query: a window of creation time as a derived {@code id BETWEEN} query. */
@SpringBootTest(properties = { "spring.main.web-application-type=none", "spring.datasource.url=jdbc:h2:mem:time-range" })
class TimeRangeQueryTests {

	@Autowired
	CustomerRepository customers;

	@Autowired
	PurchaseOrderRepository orders;

	@Autowired
	SnowflakeIdGenerator ids;

	/**
	 * The window is taken from the generator's own clock (ids issued just before and just after), not from
	 * {@code Instant.now()}: ids carry the generator's monotonic time, which may run a few milliseconds apart from a
	 * wall clock that was just stepped.
	 */
	@Test
	void aTimeWindowFindsExactlyTheOrdersCreatedInIt() throws InterruptedException {
		Customer customer = this.customers.save(new Customer("Window"));
		long before = this.ids.nextId();
		Thread.sleep(2); // the orders belong to later milliseconds than the id marking the window's start
		List<Long> created = this.orders
			.saveAll(List.of(new PurchaseOrder(customer, 1), new PurchaseOrder(customer, 2),
					new PurchaseOrder(customer, 3)))
			.stream()
			.map(PurchaseOrder::getId)
			.toList();
		Thread.sleep(2);
		long after = this.ids.nextId();
		Instant from = this.ids.decode(before).timestamp().plusMillis(1);
		Instant to = this.ids.decode(after).timestamp();

		SnowflakeIdRange window = this.ids.layout().idRange(from, to);
		assertThat(this.orders.findByIdBetweenOrderById(window.first(), window.last()))
			.extracting(PurchaseOrder::getId)
			.containsExactlyElementsOf(created);

		SnowflakeIdRange earlier = this.ids.layout().idRange(this.ids.layout().epoch(), from);
		assertThat(this.orders.findByIdBetweenOrderById(earlier.first(), earlier.last()))
			.extracting(PurchaseOrder::getId)
			.doesNotContainAnyElementsOf(created)
			.isNotEmpty(); // the demo runner's orders
	}
}
