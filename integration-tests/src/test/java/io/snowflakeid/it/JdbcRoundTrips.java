package io.snowflakeid.it;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

/**
 * Wraps a DataSource to count what reaches the database: {@code executeBatch()} calls (one round trip per batch)
 * and single-row {@code executeUpdate()}/{@code execute()} calls. Hibernate's statistics count prepared
 * statements, which a batching Hibernate reuses across batches, so they cannot tell batch sizes apart.
 */
public final class JdbcRoundTrips {

	private final AtomicLong batches = new AtomicLong();

	private final AtomicLong singleUpdates = new AtomicLong();

	public DataSource wrap(DataSource target) {
		return proxy(DataSource.class, target);
	}

	public long batches() {
		return this.batches.get();
	}

	public long singleUpdates() {
		return this.singleUpdates.get();
	}

	public void reset() {
		this.batches.set(0);
		this.singleUpdates.set(0);
	}

	private <T> T proxy(Class<T> type, T target) {
		InvocationHandler handler = (proxy, method, args) -> {
			String name = method.getName();
			if (target instanceof Statement) {
				if (name.equals("executeBatch") || name.equals("executeLargeBatch")) {
					this.batches.incrementAndGet();
				}
				else if ((name.equals("executeUpdate") || name.equals("executeLargeUpdate") || name.equals("execute"))
						&& (args == null || args.length == 0)) {
					this.singleUpdates.incrementAndGet();
				}
			}
			Object result;
			try {
				result = method.invoke(target, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
			if (result instanceof PreparedStatement statement && name.startsWith("prepare")) {
				return proxy(PreparedStatement.class, statement);
			}
			if (result instanceof Connection connection && name.equals("getConnection")) {
				return proxy(Connection.class, connection);
			}
			return result;
		};
		return type.cast(Proxy.newProxyInstance(JdbcRoundTrips.class.getClassLoader(), new Class<?>[] { type },
				handler));
	}
}
