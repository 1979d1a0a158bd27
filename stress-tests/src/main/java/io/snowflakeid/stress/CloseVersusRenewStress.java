package io.snowflakeid.stress;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.TimeSource;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A database worker lease on H2: one thread renews it and then takes an id, the other closes it. A renewal must
 * never resurrect a released lease (its UPDATE moves the row to a new token; the release must still find the row
 * under it), and no id may follow the close.
 * <p>
 * Result (renewal, id, row, after close):
 * <ul>
 * <li>renewal: 0 renew() saw the close and did not reach the database; 1 renewed before the close (the permit was
 * granted); 2 its UPDATE ran but the close came meanwhile (no grant: the release must use the renewal's new
 * token); 3 renew() threw or the renewal failed;</li>
 * <li>id, the nextId() after renew(): 0 refused; 1 issued before close() returned, at or below the mark the
 * release stored; 2 issued although close() had returned; 3 issued above the stored mark (a successor could
 * repeat it); 4 another exception;</li>
 * <li>row, read with plain JDBC once both are done: 1 released (no token, lease end 0); 0 still held, under the
 * lease's first or the renewal's token; 2 missing;</li>
 * <li>after close: 1 the generator refuses, isValid() is false and close() did not throw; else 0.</li>
 * </ul>
 * Cost: every state claims a row (a SELECT and an INSERT or UPDATE), renews once and releases once, on one shared
 * in-memory database and table. States that are alive at once need distinct nodes (the JVM-wide reservation of a
 * lease, and a row each): each takes a datacenter id from a bounded pool (the layout has 2^14, more than jcstress
 * keeps alive) and gives it back in the arbiter, so the table never holds more than 16,384 rows. The clocks are
 * the real ones (the id's timestamp is compared with the mark the release wrote); a 3 s lease, the shortest
 * allowed, never runs out within a sample.
 */
@JCStressTest
@Description("close() of a database worker lease racing renew() and nextId()")
@Outcome(id = { "0, 0, 1, 1", "0, 1, 1, 1" }, expect = ACCEPTABLE,
		desc = "renewal saw the close and did nothing; released, no id after the close")
@Outcome(id = { "1, 0, 1, 1", "1, 1, 1, 1" }, expect = ACCEPTABLE,
		desc = "renewed before the close, then released; no id after the close")
@Outcome(id = { "2, 0, 1, 1", "2, 1, 1, 1" }, expect = ACCEPTABLE,
		desc = "renewal UPDATE in flight at the close, not granted; the release still freed the row")
@Outcome(expect = FORBIDDEN, desc = "row still held after close (3rd 0: a renewal resurrected the lease), an id "
		+ "after close() returned (2nd 2) or above the stored mark (2nd 3), the generator not stopped (4th 0), or "
		+ "renew()/nextId() failed (1st 3, 2nd 4)")
@State
public class CloseVersusRenewStress {

	/** One worker per datacenter, 2^14 datacenters: a datacenter id is a node of its own. */
	static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().timestampBits(41).datacenterBits(14)
		.workerBits(0).sequenceBits(8).build();

	static final String TABLE = "stress_lease";

	private static final WorkerLeaseSettings DDL = WorkerLeaseSettings.builder(() -> null).tableName(TABLE).build();

	private static final ConnectionSource DATABASE = StressDatabase.open("lease", DDL.createTableStatement());

	private static final StressDatabase.Slots DATACENTERS = new StressDatabase.Slots(1 << 14);

	private static final TimeSource TIME = TimeSource.monotonic();

	private final int datacenterId;

	private final WorkerLease lease;

	/** The lease's renewals are scheduled here and run only by the renewer actor. */
	private final ManualScheduler renewals = new ManualScheduler();

	/** The renewing actor: statements it runs are its renewal's. */
	private volatile Thread renewer;

	private volatile int renewerStatements;

	private volatile boolean closeReturned;

	private boolean closeFailed;

	private int renewal;

	private int issue;

	private long id;

	public CloseVersusRenewStress() {
		this.datacenterId = DATACENTERS.take();
		ConnectionSource connections = new ConnectionSource() {

			@Override
			public Connection getConnection() throws SQLException {
				return DATABASE.getConnection();
			}

			@Override
			public Connection getConnection(Duration timeout) throws SQLException {
				return DATABASE.getConnection(timeout);
			}

			@Override
			public <T> T run(boolean autoCommit, Duration timeout, SqlWork<T> work) throws SQLException {
				if (Thread.currentThread() == CloseVersusRenewStress.this.renewer) {
					CloseVersusRenewStress.this.renewerStatements++;
				}
				return ConnectionSource.super.run(autoCommit, timeout, work);
			}
		};
		try {
			// No renewal thread: the lease's renewals wait on a scheduler only the renewer actor runs. 3 s, the shortest lease: never runs out here.
			this.lease = WorkerLease.acquire(WorkerLeaseSettings.builder(connections).tableName(TABLE)
				.createTable(false).layout(LAYOUT).datacenterId(this.datacenterId).duration(Duration.ofSeconds(3))
				.timeSource(TIME).scheduler(this.renewals).build());
		}
		catch (RuntimeException | Error ex) {
			DATACENTERS.give(this.datacenterId);
			throw ex;
		}
	}

	@Actor
	public void renewer() {
		this.renewer = Thread.currentThread();
		try {
			this.renewals.runPending(); // the lease's renewal, run by this actor
			if (this.lease.renewalFailures() > 0) {
				this.renewal = 3;
			}
			else if (this.lease.renewals() > 0) {
				this.renewal = 1;
			}
			else {
				this.renewal = (this.renewerStatements > 0) ? 2 : 0;
			}
		}
		catch (Throwable ex) {
			this.renewal = 3;
		}
		boolean afterClose = this.closeReturned;
		try {
			this.id = this.lease.generator().nextId();
			this.issue = afterClose ? 2 : 1;
		}
		catch (WorkerLeaseExpiredException refused) {
			this.issue = 0;
		}
		catch (Throwable ex) {
			this.issue = 4;
		}
	}

	@Actor
	public void closer() {
		try {
			this.lease.close();
		}
		catch (Throwable ex) {
			this.closeFailed = true;
		}
		this.closeReturned = true;
	}

	@Arbiter
	public void check(IIII_Result result) {
		long mark = Long.MIN_VALUE;
		try (Connection connection = DATABASE.getConnection();
				PreparedStatement query = connection.prepareStatement("SELECT instance_id, lease_end, "
						+ "high_water_mark FROM " + TABLE + " WHERE datacenter_id = ? AND worker_id = 0")) {
			query.setInt(1, this.datacenterId);
			try (ResultSet row = query.executeQuery()) {
				if (!row.next()) {
					result.r3 = 2;
				}
				else if (row.getString(1) == null && row.getLong(2) == 0) {
					result.r3 = 1;
					mark = row.getLong(3);
				}
				else {
					result.r3 = 0;
					// Only in a failing run: free the row so that the slot stays usable. This JVM still remembers
					// the last millisecond the node issued (the lease's reservation), so a later state continues
					// above it.
					try (PreparedStatement free = connection.prepareStatement("UPDATE " + TABLE + " SET owner = "
							+ "NULL, instance_id = NULL, lease_end = 0, high_water_mark = 0 WHERE datacenter_id = ?")) {
						free.setInt(1, this.datacenterId);
						free.executeUpdate();
					}
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot read the lease table", ex);
		}
		result.r1 = this.renewal;
		result.r2 = this.issue;
		if (this.issue == 1 && mark != Long.MIN_VALUE
				&& LAYOUT.decode(this.id).timestamp().toEpochMilli() > mark) {
			result.r2 = 3;
		}
		boolean refuses;
		try {
			this.lease.generator().nextId();
			refuses = false;
		}
		catch (WorkerLeaseExpiredException expected) {
			refuses = true;
		}
		result.r4 = (refuses && !this.lease.isValid() && !this.closeFailed) ? 1 : 0;
		DATACENTERS.give(this.datacenterId);
	}
}
