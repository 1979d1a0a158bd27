package io.snowflakeid.examples.boot;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
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

	@Test
	void aTimeWindowFindsExactlyTheOrdersCreatedInIt() throws InterruptedException {
		Customer customer = this.customers.save(new Customer("Window"));
		Thread.sleep(2); // the demo's orders and the customer belong to earlier milliseconds than the window
		Instant from = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		List<Long> created = this.orders
			.saveAll(List.of(new PurchaseOrder(customer, 1), new PurchaseOrder(customer, 2),
					new PurchaseOrder(customer, 3)))
			.stream()
			.map(PurchaseOrder::getId)
			.toList();
		Instant to = Instant.now().plusMillis(1);

		SnowflakeIdRange window = this.ids.layout().idRange(from, to);
		assertThat(this.orders.findByIdBetweenOrderById(window.first(), window.last()))
			.extracting(PurchaseOrder::getId)
			.containsExactlyElementsOf(created);

		SnowflakeIdRange before = this.ids.layout().idRange(this.ids.layout().epoch(), from);
		assertThat(this.orders.findByIdBetweenOrderById(before.first(), before.last()))
			.extracting(PurchaseOrder::getId)
			.doesNotContainAnyElementsOf(created)
			.isNotEmpty(); // the demo runner's orders
	}
}
