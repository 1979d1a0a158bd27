package io.snowflakeid.internal.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the column check costs at start: one metadata query per table spelling, shared by every attribute mapped to
 * the table (it was one per spelling of each column: up to nine per attribute, tens of catalog queries on
 * PostgreSQL for an application of twenty entities), with the same findings.
 */
class ColumnCheckTests {

	private static ColumnCheck.Target target(String table, String column) {
		return new ColumnCheck.Target("Entity." + column, "@SnowflakeId", false, Long.MAX_VALUE, 19, null, null, table,
				column);
	}

	@Test
	void theColumnsOfATableAreReadOnceForAllItsAttributesAndTheFindingsAreTheSame() throws Exception {
		String url = "jdbc:h2:mem:column-check-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		try (Connection connection = DriverManager.getConnection(url, "sa", "");
				Statement statement = connection.createStatement()) {
			statement.execute("create table purchase (id bigint primary key, customer_id bigint, note_id integer)");
			statement.execute("create table customer (id integer primary key)");
			AtomicInteger queries = new AtomicInteger();
			List<ColumnCheck.Finding> findings = ColumnCheck.check(counting(connection, queries),
					List.of(target("purchase", "id"), target("purchase", "customer_id"), target("purchase", "note_id"),
							target("customer", "id")));

			// H2 folds unquoted names to upper case: "purchase" (nothing), then "PURCHASE"; the same for customer.
			assertThat(queries.get()).as("metadata queries for 4 attributes on 2 tables").isEqualTo(4);
			assertThat(findings).extracting(ColumnCheck.Finding::message)
				.satisfiesExactlyInAnyOrder(
						(message) -> assertThat(message).contains("Entity.note_id", "purchase.note_id", "INTEGER")
							.doesNotContain("customer_id"),
						(message) -> assertThat(message).contains("Entity.id", "customer.id", "INTEGER"));
			assertThat(ColumnCheck.missing(connection, List.of(target("purchase", "nope"), target("nowhere", "id"))))
				.extracting(ColumnCheck.Target::column).containsExactly("nope", "id");
		}
	}

	/** The connection, counting {@code DatabaseMetaData.getColumns} calls. */
	private static Connection counting(Connection connection, AtomicInteger queries) throws Exception {
		DatabaseMetaData metadata = connection.getMetaData();
		DatabaseMetaData countingMetadata = (DatabaseMetaData) Proxy.newProxyInstance(
				ColumnCheckTests.class.getClassLoader(), new Class<?>[] { DatabaseMetaData.class },
				(proxy, method, args) -> {
					if (method.getName().equals("getColumns")) {
						queries.incrementAndGet();
					}
					return invoke(method, metadata, args);
				});
		return (Connection) Proxy.newProxyInstance(ColumnCheckTests.class.getClassLoader(),
				new Class<?>[] { Connection.class }, (proxy, method, args) -> method.getName().equals("getMetaData")
						? countingMetadata : invoke(method, connection, args));
	}

	private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}
}
