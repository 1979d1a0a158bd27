package io.snowflakeid.quarkus.runtime;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

import javax.sql.DataSource;

import io.quarkus.arc.Arc;
import io.quarkus.arc.InstanceHandle;
import io.snowflakeid.worker.ConnectionSource;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;

/**
 * The lease's and the segments' connections from a Quarkus datasource, used outside the caller's JTA transaction.
 * Their work commits on its own (a segment fetched inside an entity's persist must stay taken if that transaction
 * rolls back), and Agroal refuses a connection taken outside a transaction and used inside one ("Deferred
 * enlistment not supported"): the caller's transaction, if any, is suspended around each piece of work.
 */
final class OutsideTransactions implements ConnectionSource {

	private final DataSource dataSource;

	OutsideTransactions(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	@Override
	public Connection getConnection() throws SQLException {
		return this.dataSource.getConnection();
	}

	@Override
	public <T> T run(boolean autoCommit, Duration timeout, SqlWork<T> work) throws SQLException {
		InstanceHandle<TransactionManager> handle = Arc.container().instance(TransactionManager.class);
		TransactionManager transactions = handle.isAvailable() ? handle.get() : null;
		Transaction suspended;
		try {
			suspended = (transactions != null) ? transactions.suspend() : null;
		}
		catch (SystemException ex) {
			throw new SQLException("Could not suspend the caller's transaction for the snowflake tables", ex);
		}
		try {
			return ConnectionSource.super.run(autoCommit, timeout, work);
		}
		finally {
			if (suspended != null) {
				try {
					transactions.resume(suspended);
				}
				catch (Exception ex) {
					throw new IllegalStateException("Could not resume the caller's transaction", ex);
				}
			}
		}
	}
}
