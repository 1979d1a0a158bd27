package io.snowflakeid.compat.hibernate;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.h2.jdbcx.JdbcDataSource;

/**
 * A real H2 database whose prepared statements are counted on their way to the driver: how many rows were added to
 * a JDBC batch, how many batches were sent, how many statements were executed one by one. Hibernate's statistics
 * count prepared statements, not round trips; this is the only way to see that a batch was actually sent.
 */
public final class CountingDataSource {

	private final JdbcDataSource h2 = new JdbcDataSource();

	private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

	CountingDataSource(String url) {
		this.h2.setURL(url);
		this.h2.setUser("sa");
	}

	public DataSource dataSource() {
		return proxy(DataSource.class, this.h2, (method, args, result) -> (result instanceof Connection connection)
				? proxy(Connection.class, connection, this::onConnection) : result);
	}

	/** Rows added with {@code addBatch()} to INSERTs into the table. */
	public int rowsBatched(String table) {
		return count("addBatch", table);
	}

	/** {@code executeBatch()} calls for INSERTs into the table: one per batch sent. */
	public int batchesSent(String table) {
		return count("executeBatch", table);
	}

	/** INSERTs into the table executed one by one ({@code executeUpdate()}/{@code execute()}), outside a batch. */
	public int singleInserts(String table) {
		return count("execute", table);
	}

	public void reset() {
		this.counts.clear();
	}

	private int count(String what, String table) {
		AtomicInteger count = this.counts.get(what + " " + table.toLowerCase(Locale.ROOT));
		return (count != null) ? count.get() : 0;
	}

	private Object onConnection(Method method, Object[] args, Object result) {
		if (result instanceof PreparedStatement statement && method.getName().equals("prepareStatement")) {
			String table = insertedTable((String) args[0]);
			if (table != null) {
				return proxy(PreparedStatement.class, statement, (called, calledArgs, calledResult) -> {
					switch (called.getName()) {
						case "addBatch" -> increment("addBatch", table);
						case "executeBatch", "executeLargeBatch" -> increment("executeBatch", table);
						case "execute", "executeUpdate", "executeLargeUpdate" -> increment("execute", table);
						default -> {
						}
					}
					return calledResult;
				});
			}
		}
		return result;
	}

	private void increment(String what, String table) {
		this.counts.computeIfAbsent(what + " " + table, (key) -> new AtomicInteger()).incrementAndGet();
	}

	/** The table of an {@code insert into <table> ...}, lower case; null for any other statement. */
	private static String insertedTable(String sql) {
		String[] words = sql.trim().toLowerCase(Locale.ROOT).split("\\s+");
		if (words.length < 3 || !words[0].equals("insert") || !words[1].equals("into")) {
			return null;
		}
		return words[2].split("\\(")[0];
	}

	@FunctionalInterface
	private interface AfterCall {

		Object apply(Method method, Object[] args, Object result) throws Exception;
	}

	private static <T> T proxy(Class<T> type, T target, AfterCall after) {
		InvocationHandler handler = (proxy, method, args) -> {
			Object result;
			try {
				result = method.invoke(target, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
			return after.apply(method, args, result);
		};
		return type.cast(Proxy.newProxyInstance(CountingDataSource.class.getClassLoader(), new Class<?>[] { type },
				handler));
	}
}
