package io.snowflakeid.quarkus.deployment.startup;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.SessionFactory;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Panache entity and a {@code @SegmentId} entity on each database (the subclasses: H2, PostgreSQL, MariaDB), with
 * the settings a user leaves alone: inserts batched (counted by Hibernate's statistics: prepared statements, not
 * rows), ids on the configured worker, an assigned id kept, segment ids dense from a fresh segment table.
 */
abstract class EntitiesOnTheDatabaseTests {

	/** The segment table of this test JVM: the real databases are shared with other runs and the CI's other lanes. */
	static final String SEGMENTS = "quarkus_segment_" + ProcessHandle.current().pid();

	static QuarkusUnitTest app(String dbKind, String url, String user) {
		QuarkusUnitTest app = new QuarkusUnitTest()
			.withApplicationRoot((jar) -> jar.addClasses(PanacheOrder.class, SegmentTicket.class, TestApps.class))
			.overrideConfigKey("quarkus.datasource.db-kind", dbKind)
			.overrideConfigKey("quarkus.datasource.jdbc.url", url)
			.overrideConfigKey("quarkus.devservices.enabled", "false")
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
			.overrideConfigKey("quarkus.hibernate-orm.statistics", "true")
			.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
			.overrideConfigKey("quarkus.snowflake.worker-id", "4")
			.overrideConfigKey("quarkus.snowflake.segment.table-name", SEGMENTS)
			.setAfterAllCustomizer(() -> {
				try (Connection connection = (user != null) ? DriverManager.getConnection(url, user, "")
						: DriverManager.getConnection(url)) {
					connection.createStatement().execute("drop table " + SEGMENTS);
					connection.createStatement().execute("drop table " + SEGMENTS + "_free");
				}
				catch (SQLException ex) {
					throw new IllegalStateException(ex);
				}
			});
		return (user != null) ? app.overrideConfigKey("quarkus.datasource.username", user) : app;
	}

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManager entityManager;

	@Test
	void panacheEntitiesAreInsertedInBatchesWithIdsOfTheWorker() {
		Statistics statistics = this.entityManager.getEntityManagerFactory().unwrap(SessionFactory.class).getStatistics();
		statistics.clear();
		List<PanacheOrder> orders = new ArrayList<>();
		QuarkusTransaction.requiringNew().run(() -> {
			for (int i = 0; i < 120; i++) {
				PanacheOrder order = new PanacheOrder();
				order.label = "order " + i;
				order.persist();
				orders.add(order);
			}
		});
		assertThat(statistics.getEntityInsertCount()).isEqualTo(120);
		// one statement a batch of 50 (120 without batching)
		assertThat(statistics.getPrepareStatementCount()).as("statements prepared for 120 inserts").isLessThanOrEqualTo(5);
		assertThat(orders).extracting((order) -> order.id).doesNotHaveDuplicates().isSorted();
		assertThat(orders).allSatisfy((order) -> assertThat(this.generator.decode(order.id).workerId()).isEqualTo(4));
		assertThat(QuarkusTransaction.requiringNew().call(() -> PanacheOrder.count("label like 'order %'")))
			.isEqualTo(120);
	}

	@Test
	void anAssignedIdIsKept() {
		PanacheOrder order = new PanacheOrder();
		order.id = this.generator.nextId();
		order.label = "assigned";
		long assigned = order.id;
		QuarkusTransaction.requiringNew().run(order::persist);
		PanacheOrder read = QuarkusTransaction.requiringNew().call(() -> PanacheOrder.findById(assigned));
		assertThat(read.label).isEqualTo("assigned");
	}

	@Test
	void segmentIdsAreDenseFromAFreshSegmentTable() {
		List<SegmentTicket> tickets = new ArrayList<>();
		QuarkusTransaction.requiringNew().run(() -> {
			for (int i = 0; i < 45; i++) {
				SegmentTicket ticket = new SegmentTicket();
				ticket.label = "ticket " + i;
				this.entityManager.persist(ticket);
				tickets.add(ticket);
			}
		});
		assertThat(tickets).extracting((ticket) -> ticket.id)
			.containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, 45).boxed().toList());
	}
}
