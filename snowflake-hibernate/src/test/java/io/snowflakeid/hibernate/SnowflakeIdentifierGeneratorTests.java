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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

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
			assertThat(new HashSet<>(ids).size()).as("unique across tables: " + ids).isEqualTo(ids.size());
			for (int i = 1; i < ids.size(); i++) {
				assertThat(ids.get(i)).as("increasing in persist order: " + ids).isGreaterThan(ids.get(i - 1));
			}
			for (long id : ids) {
				SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(id);
				assertThat(parts.datacenterId()).isEqualTo(2);
				assertThat(parts.workerId()).isEqualTo(11);
			}
			long rows = factory.fromTransaction((session) -> session
					.createSelectionQuery("select count(*) from Invoice where id in :ids", Long.class)
					.setParameter("ids", ids).getSingleResult());
			assertThat(rows).as("the invoices are really in the database under those ids").isEqualTo(3);
		}
	}

	@Test
	void nonIdAttributeGetsAnIdOnInsert() {
		try (SessionFactory factory = PlainHibernate.build(configured(0, 1), Shipment.class)) {
			Shipment shipment = new Shipment();
			factory.inTransaction((session) -> session.persist(shipment));
			assertThat(shipment.trackingNumber).isNotNull();
			assertThat(SnowflakeLayout.DEFAULT.decode(shipment.trackingNumber).workerId()).isEqualTo(1);
			Long stored = factory.fromTransaction((session) -> session.find(Shipment.class, shipment.id).trackingNumber);
			assertThat(stored).isEqualTo(shipment.trackingNumber);
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
			assertThat(imported.id).isEqualTo(42L);
			assertThat(factory.<String>fromTransaction((session) -> session.find(Invoice.class, 42L).customer))
				.isEqualTo("imported");
			Long storedNumber = factory.fromTransaction((session) -> session.find(Shipment.class, migrated.id).trackingNumber);
			assertThat(storedNumber).isEqualTo(7L);
		}
	}

	/**
	 * A client's id that reached the entity (a request body bound to it): kept, an id from the future would be
	 * issued again by the generator later, a duplicate key then. Refused, naming the attribute and the fix.
	 */
	@Test
	void anAssignedIdAheadOfTheClockOrNegativeIsRefusedNamingTheAttribute() {
		try (SessionFactory factory = PlainHibernate.build(configured(0, 1), Invoice.class, Ticket.class)) {
			long year2080 = SnowflakeLayout.DEFAULT.compose(java.time.Instant.parse("2080-01-01T00:00:00Z"), 0, 0, 0);
			for (Object[] attempt : new Object[][] { { year2080, "decodes to 2080-01-01T00:00:00Z" },
					{ Long.MAX_VALUE, "decodes to" }, { -5L, "is negative" } }) {
				Invoice fromARequest = new Invoice("client");
				fromARequest.id = (Long) attempt[0];
				Throwable failure = org.assertj.core.api.Assertions.catchThrowable(
						() -> factory.inTransaction((session) -> session.persist(fromARequest)));
				assertThat(failure).as("id " + attempt[0]).isNotNull()
					.hasStackTraceContaining(io.snowflakeid.AssignedIdRefusedException.class.getName());
				assertThat(rootMessage(failure)).contains("Invoice.id = " + attempt[0], (String) attempt[1],
						"@JsonProperty(access = Access.READ_ONLY)");
			}
			Ticket future = new Ticket();
			future.id = SnowflakeLayout.DEFAULT.toDecimalString(year2080);
			assertThat(rootMessage(org.assertj.core.api.Assertions.catchThrowable(
					() -> factory.inTransaction((session) -> session.persist(future))))).contains("Ticket.id = ");
			Ticket legacy = new Ticket();
			legacy.id = "LEGACY-7";
			factory.inTransaction((session) -> session.persist(legacy));
			assertThat(legacy.id).as("a String key that is no number: a legacy key, kept").isEqualTo("LEGACY-7");
		}
	}

	private static String rootMessage(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		return messages.toString();
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
			assertThat(statements).as("2,000 inserts took " + statements + " prepared statements")
				.isLessThanOrEqualTo(100);
			assertThat(factory.getStatistics().getEntityInsertCount()).isEqualTo(2_000);
		}
	}

	@Test
	void unsupportedAttributeTypeFailsTheBuildNamingEntityAttributeAndSupportedTypes() {
		Exception ex = catchThrowableOfType(Exception.class,
				() -> PlainHibernate.build(configured(0, 1), IntegerId.class).close());
		assertThat(ex).isNotNull();
		String message = messages(ex);
		assertThat(message).contains("IntegerId.id");
		assertThat(message).contains("java.lang.Integer");
		assertThat(message).contains("Long, long and String");
	}

	@Test
	void missingNodeIdsWithStaticAssignmentFailTheBuildNamingTheSetting() {
		Map<String, String> settings = PlainHibernate.h2Settings();
		settings.put("snowflake.worker-assignment", "static");
		Exception ex = catchThrowableOfType(Exception.class,
				() -> PlainHibernate.build(settings, Invoice.class).close());
		assertThat(ex).isNotNull();
		String message = messages(ex);
		assertThat(message).contains("Invoice.id");
		assertThat(message).contains("snowflake.datacenter-id = <not set>");
		assertThat(message).contains("0..31");
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
				assertThat(result.next()).as("a lease row was created").isTrue();
				SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(ids.get(0));
				assertThat(parts.datacenterId()).isEqualTo(result.getInt(1));
				assertThat(parts.workerId()).isEqualTo(result.getInt(2));
				assertThat(result.getLong(3)).as("held while the SessionFactory is open")
					.isGreaterThan(System.currentTimeMillis());
			}
		}
		try (var connection = java.sql.DriverManager.getConnection(url, "sa", "");
				var result = connection.createStatement().executeQuery(
						"select lease_end, high_water_mark, instance_id from snowflake_worker_lease")) {
			assertThat(result.next()).isTrue();
			assertThat(result.getLong(1)).as("released when the SessionFactory closed").isEqualTo(0);
			assertThat(result.getLong(2)).as("the high-water mark covers the issued ids")
				.isGreaterThanOrEqualTo(SnowflakeLayout.DEFAULT.decode(ids.get(0)).timestamp().toEpochMilli());
			assertThat(result.getString(3)).isNull();
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
			assertThat(ids.get(i)).as("dense from 1, across a graceful restart: " + ids).isEqualTo(i + 1L);
		}
	}

	@Test
	void invalidWorkerIdFailsTheBuildWithValueAndRange() {
		assertThatExceptionOfType(Exception.class)
			.isThrownBy(() -> PlainHibernate.build(configured(0, 99), Invoice.class).close())
			.satisfies((ex) -> assertThat(hasCause(ex, SnowflakeConfigurationException.class)).as(messages(ex))
				.isTrue())
			.satisfies((ex) -> assertThat(messages(ex))
				.contains("snowflake.worker-id = 99: allowed 0..31 (5 worker bits)"));
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
