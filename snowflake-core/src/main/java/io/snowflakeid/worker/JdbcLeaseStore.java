package io.snowflakeid.worker;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;

/**
 * The database lease's store: the lease table in the application's database, each operation one statement on a
 * connection of its own (never inside a business transaction), bounded by the timeout.
 */
final class JdbcLeaseStore implements LeaseStore {

	private final ConnectionSource connections;

	private final LeaseTable table;

	private final boolean createTable;

	private final boolean acceptDataLossRisk;

	/** A store that refuses databases able to lose committed writes. */
	JdbcLeaseStore(ConnectionSource connections, LeaseTable table, boolean createTable) {
		this(connections, table, createTable, false);
	}

	JdbcLeaseStore(ConnectionSource connections, LeaseTable table, boolean createTable, boolean acceptDataLossRisk) {
		this.connections = connections;
		this.table = table;
		this.createTable = createTable;
		this.acceptDataLossRisk = acceptDataLossRisk;
	}

	@Override
	public String description() {
		return "table " + this.table.name();
	}

	@Override
	public void prepare(Duration timeout) throws SQLException {
		String risk = this.connections.run(true, timeout, (connection) -> {
			if (this.createTable) {
				this.table.createIfMissing(connection);
			}
			DurabilityCheck.noteInMemory(connection, description());
			return DurabilityCheck.risk(connection);
		});
		DurabilityCheck.refuseOrWarn(risk, this.acceptDataLossRisk, description());
	}

	@Override
	public String unavailableAdvice() {
		return this.createTable ? "" : " (" + Settings.LEASE_CREATE_TABLE.key() + "=false: create it with "
				+ this.table.createStatement() + ", or include the migrations shipped in snowflake-core)";
	}

	@Override
	public List<LeaseRecord> records(Integer datacenterId, Duration timeout) throws SQLException {
		return this.connections.run(true, timeout, (connection) -> this.table.rows(connection, datacenterId));
	}

	@Override
	public boolean takeFree(LeaseRecord record, String owner, String token, long leaseEnd, long mark,
			long expiredBefore, Duration timeout) throws SQLException {
		return this.connections.run(true, timeout, (connection) -> this.table.takeFree(connection, record, owner,
				token, leaseEnd, mark, expiredBefore));
	}

	@Override
	public boolean insertNew(int datacenterId, int workerId, String owner, String token, long leaseEnd, long mark,
			Duration timeout) throws SQLException {
		return this.connections.run(true, timeout, (connection) -> this.table.insertNew(connection, datacenterId,
				workerId, owner, token, leaseEnd, mark));
	}

	@Override
	public boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken, long leaseEnd,
			long mark, Duration timeout) throws Exception {
		boolean[] reached = { false };
		try {
			return this.connections.run(true, timeout, (connection) -> {
				reached[0] = true;
				return this.table.renew(connection, datacenterId, workerId, tokens, newToken, leaseEnd, mark);
			});
		}
		catch (SQLException | RuntimeException ex) {
			if (!reached[0]) {
				throw new NotAppliedException(ex); // no connection: the UPDATE was never sent
			}
			throw ex;
		}
	}

	@Override
	public boolean release(int datacenterId, int workerId, Collection<String> tokens, long exactMark,
			Duration timeout) throws SQLException {
		return this.connections.run(true, timeout,
				(connection) -> this.table.release(connection, datacenterId, workerId, tokens, exactMark));
	}

	@Override
	public boolean isLostRace(Exception failure) {
		return failure instanceof SQLException sql && LeaseTable.isSerializationFailure(sql);
	}

	LeaseTable table() {
		return this.table;
	}
}
