package io.snowflakeid.hibernate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.hibernate.Entities.Account;
import io.snowflakeid.hibernate.Entities.IntegerId;
import io.snowflakeid.hibernate.Entities.Invoice;
import io.snowflakeid.hibernate.Entities.Payment;
import io.snowflakeid.hibernate.Entities.Shipment;
import io.snowflakeid.hibernate.Entities.Ticket;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SnowflakeIdentifierGeneratorTests {

	private static Map<String, String> configured(int datacenter, int worker) {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.datacenter-id", String.valueOf(datacenter));
		settings.put("snowflake.worker-id", String.valueOf(worker));
		return settings;
	}

	@Test
	void persistAssignsDecodableIdsToLongPrimitiveAndStringAttributes() {
		try (SessionFactory factory = PlainHibernate.build(configured(2, 11), Invoice.class, Payment.class,
				Ticket.class)) {
			List<Long> ids = new ArrayList<>();
			factory.inTransaction((session) -> {
				for (int i = 0; i < 3; i++) {
					Invoice invoice = new Invoice("c" + i);
					Payment payment = new Payment();
					Ticket ticket = new Ticket();
					session.persist(invoice);
					session.persist(payment);
					session.persist(ticket);
					ids.add(invoice.id);
					ids.add(payment.id);
					ids.add(Long.parseLong(ticket.id));
				}
			});
			assertEquals(ids.size(), new HashSet<>(ids).size(), "unique across tables: " + ids);
			for (int i = 1; i < ids.size(); i++) {
				assertTrue(ids.get(i) > ids.get(i - 1), "increasing in persist order: " + ids);
			}
			for (long id : ids) {
				SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(id);
				assertEquals(2, parts.datacenterId());
				assertEquals(11, parts.workerId());
			}
			long rows = factory.fromTransaction((session) -> session
					.createSelectionQuery("select count(*) from Invoice where id in :ids", Long.class)
					.setParameter("ids", ids).getSingleResult());
			assertEquals(3, rows, "the invoices are really in the database under those ids");
		}
	}

	@Test
	void nonIdAttributeGetsAnIdOnInsert() {
		try (SessionFactory factory = PlainHibernate.build(configured(0, 1), Shipment.class)) {
			Shipment shipment = new Shipment();
			factory.inTransaction((session) -> session.persist(shipment));
			assertNotNull(shipment.trackingNumber);
			assertEquals(1, SnowflakeLayout.DEFAULT.decode(shipment.trackingNumber).workerId());
			Long stored = factory.fromTransaction((session) -> session.find(Shipment.class, shipment.id).trackingNumber);
			assertEquals(shipment.trackingNumber, stored);
		}
	}

	@Test
	void idSetByTheApplicationIsKept() {
		try (SessionFactory factory = PlainHibernate.build(configured(0, 1), Invoice.class, Shipment.class)) {
			Invoice imported = new Invoice("imported");
			imported.id = 42L;
			Shipment migrated = new Shipment();
			migrated.trackingNumber = 7L;
			factory.inTransaction((session) -> {
				session.persist(imported);
				session.persist(migrated);
			});
			assertEquals(42L, imported.id);
			assertEquals("imported", factory.fromTransaction((session) -> session.find(Invoice.class, 42L).customer));
			Long storedNumber = factory.fromTransaction((session) -> session.find(Shipment.class, migrated.id).trackingNumber);
			assertEquals(7L, storedNumber);
		}
	}

	@Test
	void insertsAreBatched() {
		try (SessionFactory factory = PlainHibernate.build(configured(0, 1), Invoice.class, Payment.class)) {
			factory.getStatistics().clear();
			factory.inTransaction((session) -> {
				for (int i = 0; i < 1_000; i++) {
					session.persist(new Invoice("c" + i));
					session.persist(new Payment());
				}
			});
			long statements = factory.getStatistics().getPrepareStatementCount();
			assertTrue(statements <= 100, "2,000 inserts took " + statements + " prepared statements");
			assertEquals(2_000, factory.getStatistics().getEntityInsertCount());
		}
	}

	@Test
	void unsupportedAttributeTypeFailsTheBuildNamingEntityAttributeAndSupportedTypes() {
		Exception ex = assertThrows(Exception.class,
				() -> PlainHibernate.build(configured(0, 1), IntegerId.class).close());
		String message = messages(ex);
		assertTrue(message.contains("IntegerId.id"), message);
		assertTrue(message.contains("java.lang.Integer"), message);
		assertTrue(message.contains("Long, long and String"), message);
	}

	@Test
	void missingNodeIdsWithStaticAssignmentFailTheBuildNamingTheSetting() {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.worker-assignment", "static");
		Exception ex = assertThrows(Exception.class, () -> PlainHibernate.build(settings, Invoice.class).close());
		String message = messages(ex);
		assertTrue(message.contains("Invoice.id"), message);
		assertTrue(message.contains("snowflake.datacenter-id = <not set>"), message);
		assertTrue(message.contains("0..31"), message);
	}

	@Test
	void withoutStaticIdsAWorkerIdIsLeasedFromTheDatabaseAndReleasedOnClose() throws Exception {
		Map<String, String> settings = PlainHibernate.h2Settings();
		String url = settings.get("hibernate.connection.url");
		List<Long> ids = new ArrayList<>();
		try (SessionFactory factory = PlainHibernate.build(settings, Invoice.class)) {
			factory.inTransaction((session) -> {
				Invoice invoice = new Invoice("leased");
				session.persist(invoice);
				ids.add(invoice.id);
			});
			try (var connection = java.sql.DriverManager.getConnection(url, "sa", "");
					var result = connection.createStatement().executeQuery(
							"select datacenter_id, worker_id, lease_end from snowflake_worker_lease")) {
				assertTrue(result.next(), "a lease row was created");
				SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(ids.get(0));
				assertEquals(result.getInt(1), parts.datacenterId());
				assertEquals(result.getInt(2), parts.workerId());
				assertTrue(result.getLong(3) > System.currentTimeMillis(), "held while the SessionFactory is open");
			}
		}
		try (var connection = java.sql.DriverManager.getConnection(url, "sa", "");
				var result = connection.createStatement().executeQuery(
						"select lease_end, high_water_mark, instance_id from snowflake_worker_lease")) {
			assertTrue(result.next());
			assertEquals(0, result.getLong(1), "released when the SessionFactory closed");
			assertTrue(result.getLong(2) >= SnowflakeLayout.DEFAULT.decode(ids.get(0)).timestamp().toEpochMilli(),
					"the high-water mark covers the issued ids");
			assertEquals(null, result.getString(3));
		}
	}

	@Test
	void segmentIdsAreDenseAndContinueWithoutHolesAfterARestart() {
		Map<String, String> settings = configured(0, 1);
		settings.put("hibernate.hbm2ddl.auto", "update");
		List<Long> ids = new ArrayList<>();
		try (SessionFactory factory = PlainHibernate.build(settings, Account.class)) {
			factory.inTransaction((session) -> {
				for (int i = 0; i < 120; i++) {
					Account account = new Account();
					session.persist(account);
					ids.add(account.id);
				}
			});
		}
		try (SessionFactory restarted = PlainHibernate.build(settings, Account.class)) {
			restarted.inTransaction((session) -> {
				Account account = new Account();
				session.persist(account);
				ids.add(account.id);
			});
		}
		for (int i = 0; i < ids.size(); i++) {
			assertEquals(i + 1L, ids.get(i), "dense from 1, across a graceful restart: " + ids);
		}
	}

	@Test
	void invalidWorkerIdFailsTheBuildWithValueAndRange() {
		Exception ex = assertThrows(Exception.class,
				() -> PlainHibernate.build(configured(0, 99), Invoice.class).close());
		assertTrue(hasCause(ex, SnowflakeConfigurationException.class), messages(ex));
		assertTrue(messages(ex).contains("snowflake.worker-id = 99: allowed 0..31 (5 worker bits)"), messages(ex));
	}

	private static String messages(Throwable ex) {
		StringBuilder all = new StringBuilder();
		Set<Throwable> seen = new HashSet<>();
		for (Throwable t = ex; t != null && seen.add(t); t = t.getCause()) {
			all.append(t.getMessage()).append(" | ");
		}
		return all.toString();
	}

	private static boolean hasCause(Throwable ex, Class<? extends Throwable> type) {
		for (Throwable t = ex; t != null; t = t.getCause()) {
			if (type.isInstance(t)) {
				return true;
			}
		}
		return false;
	}
}
