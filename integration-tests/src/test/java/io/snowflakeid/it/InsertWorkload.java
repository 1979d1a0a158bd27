package io.snowflakeid.it;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.SessionFactory;
import org.hibernate.stat.Statistics;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared end-to-end scenario: several threads persist customers, orders and tickets through plain JPA, then
 * the ids are checked against what really is in the database. Used by the Spring Boot and plain Hibernate tests.
 */
final class InsertWorkload {

	private InsertWorkload() {
	}

	/**
	 * Persists from {@code threads} threads, each {@code transactions} transactions of one customer, order and
	 * ticket, and checks: ids unique across all tables (order numbers included), strictly increasing per thread,
	 * decodable to the expected datacenter and worker, and present in the database. Expects empty tables.
	 * @return min and max of the ids issued
	 */
	static LongSummaryStatistics persistConcurrentlyAndVerify(EntityManagerFactory emf, int threads, int transactions,
			long datacenterId, long workerId) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		List<List<Long>> idsPerThread = new ArrayList<>();
		Set<Long> customerIds = new HashSet<>();
		try {
			List<Future<List<long[]>>> futures = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				futures.add(pool.submit((Callable<List<long[]>>) () -> {
					List<long[]> issued = new ArrayList<>();
					for (int i = 0; i < transactions; i++) {
						EntityManager em = emf.createEntityManager();
						try {
							em.getTransaction().begin();
							Customer customer = new Customer("customer " + i);
							PurchaseOrder order = new PurchaseOrder(i);
							SupportTicket ticket = new SupportTicket("ticket " + i);
							em.persist(customer);
							em.persist(order);
							em.persist(ticket);
							em.getTransaction().commit();
							// Generation order: ids at persist(), the order number at INSERT (flush).
							issued.add(new long[] { customer.getId(), order.getId(), Long.parseLong(ticket.getId()),
									order.getOrderNumber() });
						}
						finally {
							em.close();
						}
					}
					return issued;
				}));
			}
			for (Future<List<long[]>> future : futures) {
				List<Long> ordered = new ArrayList<>();
				for (long[] row : future.get()) {
					customerIds.add(row[0]);
					for (long id : row) {
						ordered.add(id);
					}
				}
				idsPerThread.add(ordered);
			}
		}
		finally {
			pool.shutdownNow();
		}
		Set<Long> all = new HashSet<>();
		for (List<Long> ids : idsPerThread) {
			for (int i = 1; i < ids.size(); i++) {
				assertThat(ids.get(i)).as("ids of one thread are strictly increasing").isGreaterThan(ids.get(i - 1));
			}
			for (long id : ids) {
				assertThat(all.add(id)).as("id %d is unique across threads and tables", id).isTrue();
				SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(id);
				assertThat(parts.datacenterId()).isEqualTo(datacenterId);
				assertThat(parts.workerId()).isEqualTo(workerId);
			}
		}
		assertThat(all).hasSize(threads * transactions * 4);
		EntityManager em = emf.createEntityManager();
		try {
			List<?> stored = em.createNativeQuery("select id from it_customer").getResultList();
			Set<Long> storedIds = new HashSet<>();
			for (Object id : stored) {
				storedIds.add(((Number) id).longValue());
			}
			assertThat(storedIds).as("the rows are in the database under the ids the entities got")
				.isEqualTo(customerIds);
			Number tickets = (Number) em.createNativeQuery("select count(*) from it_support_ticket")
				.getSingleResult();
			assertThat(tickets.longValue()).isEqualTo((long) threads * transactions);
		}
		finally {
			em.close();
		}
		return all.stream().mapToLong(Long::longValue).summaryStatistics();
	}

	/**
	 * Persists {@code count} customers and orders in one transaction and returns what it took: Hibernate's
	 * prepared statement count and the JDBC round trips seen by {@code roundTrips}.
	 */
	static InsertCost insert(EntityManagerFactory emf, JdbcRoundTrips roundTrips, int count) {
		Statistics statistics = emf.unwrap(SessionFactory.class).getStatistics();
		assertThat(statistics.isStatisticsEnabled()).as("hibernate.generate_statistics").isTrue();
		statistics.clear();
		roundTrips.reset();
		EntityManager em = emf.createEntityManager();
		try {
			em.getTransaction().begin();
			for (int i = 0; i < count / 2; i++) {
				em.persist(new Customer("batch " + i));
				em.persist(new PurchaseOrder(i));
			}
			em.getTransaction().commit();
		}
		finally {
			em.close();
		}
		assertThat(statistics.getEntityInsertCount()).isEqualTo(count);
		return new InsertCost(statistics.getPrepareStatementCount(), roundTrips.batches(),
				roundTrips.singleUpdates());
	}

	/** What inserting took: prepared statements (Hibernate statistics), JDBC batches and single updates. */
	record InsertCost(long preparedStatements, long batches, long singleUpdates) {

		long roundTrips() {
			return this.batches + this.singleUpdates;
		}
	}
}
