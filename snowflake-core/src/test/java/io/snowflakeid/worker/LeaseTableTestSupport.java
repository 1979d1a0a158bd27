package io.snowflakeid.worker;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;

/**
 * What the tests of leases on a lease table share: a database of their own, its connections with faults to inject,
 * leases of a layout of the test class's own (an epoch no other class uses, so the JVM-wide nodes are its own)
 * closed after each test, with the database up again.
 */
abstract class LeaseTableTestSupport {

	private final SnowflakeLayout layout;

	final TestDatabase database;

	/** The leases' connections; the database down while they are refused. */
	final FaultyConnections connections;

	private final List<AutoCloseable> toClose = new ArrayList<>();

	LeaseTableTestSupport(SnowflakeLayout layout, String databaseName) {
		this.layout = layout;
		this.database = new TestDatabase(databaseName);
		this.connections = FaultyConnections.on(this.database);
	}

	@AfterEach
	void closeAll() throws Exception {
		this.connections.refuseConnections(false);
		for (AutoCloseable closeable : this.toClose) {
			closeable.close();
		}
	}

	/** A three-second lease in datacenter 0 of the class's layout. */
	WorkerLeaseSettings.Builder settings(ConnectionSource source) {
		return WorkerLeaseSettings.builder(source).layout(this.layout).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1));
	}

	/** A lease closed after the test. */
	WorkerLease acquire(WorkerLeaseSettings settings) {
		WorkerLease lease = WorkerLease.acquire(settings);
		this.toClose.add(lease);
		return lease;
	}

	void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}

	long queryLong(String query) throws SQLException {
		return this.database.queryLong(query);
	}
}
