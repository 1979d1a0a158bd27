package io.snowflakeid.compat.hibernate.data;

import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.compat.hibernate.CountingDataSource;
import io.snowflakeid.compat.hibernate.Line;
import io.snowflakeid.compat.hibernate.Purchase;
import io.snowflakeid.compat.hibernate.Ticket;
import org.hibernate.SessionFactory;
import org.hibernate.StatelessSession;
import org.hibernate.Transaction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hibernate 7 and later: {@code StatelessSession.insertMultiple} and Jakarta Data repositories ({@code @Insert})
 * over a stateless session. Ids are generated before the INSERT, so a list goes out as one JDBC batch.
 */
class StatelessBatchTests {

	private static final int DATACENTER = 4;

	private static final int WORKER = 9;

	@BeforeAll
	static void onTheRequestedLine() {
		Line.checkRunningOnTheRequestedLine();
	}

	@Test
	void insertMultipleGivesEveryEntityItsIdsInOneBatch() {
		CountingDataSource database = Line.newDatabase();
		try (SessionFactory factory = Line.build(database, Line.staticIds(DATACENTER, WORKER),
				Purchase.class)) {
			List<Purchase> purchases = purchases(80);
			Purchase imported = new Purchase("imported");
			imported.id = 42L;
			purchases.add(imported);
			database.reset();
			try (StatelessSession session = factory.openStatelessSession()) {
				Transaction transaction = session.beginTransaction();
				session.insertMultiple(purchases);
				transaction.commit();
			}

			assertThat(database.rowsBatched("purchase")).isEqualTo(purchases.size());
			assertThat(database.batchesSent("purchase")).as("one batch for the list").isEqualTo(1);
			assertThat(database.singleInserts("purchase")).isZero();
			assertThat(imported.id).as("an assigned id is kept").isEqualTo(42L);
			purchases.remove(imported);
			purchases.forEach(StatelessBatchTests::assertGenerated);
		}
	}

	@Test
	void aJakartaDataRepositoryInsertsOneEntityAndAListWithGeneratedIds() throws Exception {
		CountingDataSource database = Line.newDatabase();
		try (SessionFactory factory = Line.build(database, Line.staticIds(DATACENTER, WORKER),
				Purchase.class, Ticket.class)) {
			Purchase single = new Purchase("single");
			Ticket ticket = new Ticket("repository");
			List<Purchase> list = purchases(60);
			database.reset();
			try (StatelessSession session = factory.openStatelessSession()) {
				Shop shop = Repositories.over(session, Shop.class);
				Transaction transaction = session.beginTransaction();
				shop.add(single);
				shop.open(ticket);
				shop.addAll(list);
				transaction.commit();

				assertThat(shop.purchase(single.id).number).isEqualTo(single.number);
			}

			assertGenerated(single);
			assertThat(SnowflakeLayout.DEFAULT.decode(Long.parseLong(ticket.id)).workerId()).isEqualTo(WORKER);
			list.forEach(StatelessBatchTests::assertGenerated);
			assertThat(database.singleInserts("purchase")).as("@Insert of one entity: executed at once").isEqualTo(1);
			assertThat(database.rowsBatched("purchase")).as("@Insert of a list").isEqualTo(list.size());
			assertThat(database.batchesSent("purchase")).as("one batch for the list").isEqualTo(1);
		}
	}

	private static List<Purchase> purchases(int count) {
		List<Purchase> purchases = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			purchases.add(new Purchase("c" + i));
		}
		return purchases;
	}

	private static void assertGenerated(Purchase purchase) {
		for (Long value : new Long[] { purchase.id, purchase.number }) {
			assertThat(value).isNotNull();
			SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(value);
			assertThat(parts.datacenterId()).isEqualTo(DATACENTER);
			assertThat(parts.workerId()).isEqualTo(WORKER);
		}
	}
}
