package io.snowflakeid.examples.quarkus;

import java.util.ArrayList;
import java.util.List;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

@QuarkusTest
class OrderTest {

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void ordersGetUniqueTimeOrderedIdsOfThisInstance() {
		List<Order> orders = new ArrayList<>();
		QuarkusTransaction.requiringNew().run(() -> {
			for (int i = 0; i < 500; i++) {
				Order order = Order.of("item " + i);
				order.persist();
				orders.add(order);
			}
		});
		List<Long> ids = orders.stream().map((order) -> order.id).toList();
		assertThat(ids).doesNotHaveDuplicates().isSorted();
		// the worker id this instance leased from the datasource, in datacenter 1
		assertThat(this.generator.decode(ids.get(0)).workerId()).isEqualTo(this.generator.workerId());
		assertThat(this.generator.decode(ids.get(0)).datacenterId()).isEqualTo(1);
		long count = QuarkusTransaction.requiringNew().call(() -> Order.count());
		assertThat(count).isEqualTo(500);
	}
}
