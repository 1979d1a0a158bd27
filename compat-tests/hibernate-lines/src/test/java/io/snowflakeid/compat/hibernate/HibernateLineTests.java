package io.snowflakeid.compat.hibernate;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;
import org.hibernate.SessionFactory;
import org.hibernate.StatelessSession;
import org.hibernate.Transaction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * What an application does with {@code @SnowflakeId} and {@code @SegmentId} in plain Hibernate, run once per
 * Hibernate line against the same snowflake-hibernate jar (see this module's pom).
 */
class HibernateLineTests {

	private static final int DATACENTER = 3;

	private static final int WORKER = 7;

	@BeforeAll
	static void onTheRequestedLine() {
		Line.checkRunningOnTheRequestedLine();
	}

	@Test
	void persistGivesDecodableIdsAndTheInsertsGoOutInJdbcBatches() {
		CountingDataSource database = Line.newDatabase();
		try (SessionFactory factory = Line.build(database, Line.staticIds(DATACENTER, WORKER), Purchase.class)) {
			List<Purchase> purchases = new ArrayList<>();
			for (int i = 0; i < 2 * Line.BATCH_SIZE; i++) {
				purchases.add(new Purchase("c" + i));
			}
			database.reset();
			factory.inTransaction((session) -> purchases.forEach(session::persist));

			assertThat(database.rowsBatched("purchase")).as("rows added to JDBC batches").isEqualTo(purchases.size());
			assertThat(database.batchesSent("purchase")).as("batches of " + Line.BATCH_SIZE).isEqualTo(2);
			assertThat(database.singleInserts("purchase")).as("inserts sent one by one").isZero();
			HashSet<Long> distinct = new HashSet<>();
			for (Purchase purchase : purchases) {
				assertIssuedHere(purchase.id);
				assertIssuedHere(purchase.number);
				distinct.add(purchase.id);
				distinct.add(purchase.number);
			}
			assertThat(distinct).as("ids and numbers, all different").hasSize(2 * purchases.size());
			assertThat(factory.<Long>fromTransaction((session) -> session
				.createSelectionQuery("select count(*) from Purchase where id in :ids", Long.class)
				.setParameter("ids", purchases.stream().map((purchase) -> purchase.id).toList())
				.getSingleResult())).isEqualTo(purchases.size());
		}
	}

	@Test
	void aStringIdIsTheFixedWidthDecimalFormOfASnowflake() {
		try (SessionFactory factory = Line.build(Line.newDatabase(), Line.staticIds(DATACENTER, WORKER),
				Ticket.class)) {
			Ticket ticket = new Ticket("printer on fire");
			factory.inTransaction((session) -> session.persist(ticket));

			// Fixed-width decimal (zero-padded), so that text order is numeric order.
			assertThat(ticket.id).isEqualTo(SnowflakeLayout.DEFAULT.toDecimalString(Long.parseLong(ticket.id)));
			assertIssuedHere(Long.parseLong(ticket.id));
			assertThat(factory.<String>fromTransaction((session) -> session.find(Ticket.class, ticket.id).subject))
				.isEqualTo("printer on fire");
		}
	}

	@Test
	void idsAndNumbersTheApplicationSetAreKept() {
		try (SessionFactory factory = Line.build(Line.newDatabase(), Line.staticIds(DATACENTER, WORKER),
				Purchase.class)) {
			Purchase imported = new Purchase("imported");
			imported.id = 42L;
			imported.number = 4242L;
			Purchase fresh = new Purchase("fresh");
			factory.inTransaction((session) -> {
				session.persist(imported);
				session.persist(fresh);
			});
			Purchase importedStateless = new Purchase("imported without a session cache");
			importedStateless.id = 43L;
			factory.inStatelessTransaction((session) -> session.insert(importedStateless));

			assertThat(imported.id).isEqualTo(42L);
			assertThat(imported.number).isEqualTo(4242L);
			assertIssuedHere(fresh.id);
			assertThat(importedStateless.id).isEqualTo(43L);
			assertThat(factory.<Long>fromTransaction((session) -> session.find(Purchase.class, 42L).number)).isEqualTo(4242L);
			assertThat(factory.<String>fromTransaction((session) -> session.find(Purchase.class, 43L).customer))
				.isEqualTo("imported without a session cache");
		}
	}

	@Test
	void segmentIdsAreDenseAndBatched() {
		CountingDataSource database = Line.newDatabase();
		try (SessionFactory factory = Line.build(database, Line.staticIds(DATACENTER, WORKER), Account.class)) {
			List<Account> accounts = new ArrayList<>();
			for (int i = 0; i < 120; i++) {
				accounts.add(new Account("owner " + i));
			}
			database.reset();
			factory.inTransaction((session) -> accounts.forEach(session::persist));

			for (int i = 0; i < accounts.size(); i++) {
				assertThat(accounts.get(i).id).as("dense from 1").isEqualTo(i + 1L);
			}
			assertThat(database.rowsBatched("account")).isEqualTo(accounts.size());
			assertThat(database.singleInserts("account")).isZero();
		}
	}

	@Test
	void statelessSessionInsertGeneratesTheIdAndTheNumber() {
		try (SessionFactory factory = Line.build(Line.newDatabase(), Line.staticIds(DATACENTER, WORKER),
				Purchase.class, Ticket.class)) {
			Purchase purchase = new Purchase("stateless");
			Ticket ticket = new Ticket("stateless");
			try (StatelessSession session = factory.openStatelessSession()) {
				Transaction transaction = session.beginTransaction();
				session.insert(purchase);
				session.insert(ticket);
				transaction.commit();
			}

			assertIssuedHere(purchase.id);
			assertIssuedHere(purchase.number);
			assertIssuedHere(Long.parseLong(ticket.id));
			assertThat(factory.<Long>fromTransaction((session) -> session.find(Purchase.class, purchase.id).number))
				.isEqualTo(purchase.number);
		}
	}

	@Test
	void withTheDatabaseLeaseIdsCarryTheLeasedWorkerWhichIsReleasedOnClose() throws Exception {
		CountingDataSource database = Line.newDatabase();
		Map<String, String> settings = Map.of("snowflake.worker-assignment", "database-lease");
		Purchase purchase = new Purchase("leased");
		try (SessionFactory factory = Line.build(database, settings, Purchase.class)) {
			factory.inTransaction((session) -> session.persist(purchase));

			SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(purchase.id);
			try (Connection connection = database.dataSource().getConnection();
					ResultSet lease = connection.createStatement()
						.executeQuery("select datacenter_id, worker_id, lease_end from snowflake_worker_lease")) {
				assertThat(lease.next()).as("a lease row").isTrue();
				assertThat(parts.datacenterId()).isEqualTo(lease.getInt(1));
				assertThat(parts.workerId()).isEqualTo(lease.getInt(2));
				assertThat(lease.getLong(3)).as("held while the SessionFactory is open")
					.isGreaterThan(System.currentTimeMillis());
				assertThat(lease.next()).as("one lease for one SessionFactory").isFalse();
			}
		}
		try (Connection connection = database.dataSource().getConnection();
				ResultSet lease = connection.createStatement()
					.executeQuery("select lease_end, instance_id from snowflake_worker_lease")) {
			assertThat(lease.next()).isTrue();
			assertThat(lease.getLong(1)).as("released when the SessionFactory closed").isZero();
			assertThat(lease.getString(2)).isNull();
		}
	}

	@Test
	void aForeignKeyColumnTooNarrowForTheIdsStopsTheStartNamingIt() {
		Throwable failure = catchThrowable(() -> Line.build(Line.newDatabase(), Line.staticIds(DATACENTER, WORKER),
				Purchase.class, PurchaseLine.class).close());

		assertThat(failure).as("the SessionFactory build").isNotNull();
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		assertThat(messages.toString()).contains("foreign key to Purchase.id").contains("purchase_id");
	}

	/** A snowflake of the default layout with this test's static node ids, issued in the last minute. */
	static void assertIssuedHere(Long id) {
		assertThat(id).isNotNull();
		SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(id);
		assertThat(parts.datacenterId()).isEqualTo(DATACENTER);
		assertThat(parts.workerId()).isEqualTo(WORKER);
		assertThat(parts.timestamp().toEpochMilli()).isBetween(System.currentTimeMillis() - 60_000,
				System.currentTimeMillis() + 1_000);
	}
}
