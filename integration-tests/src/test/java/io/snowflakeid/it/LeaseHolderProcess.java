package io.snowflakeid.it;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;

/**
 * A separate JVM for {@link MultiProcessWorkerLeaseTests}: leases a worker id, inserts ids into a table with a
 * primary key, reports on stdout, then holds the lease until told to release it (or is killed with -9).
 * <p>
 * Arguments: JDBC url, user, password, number of ids to insert.
 */
public final class LeaseHolderProcess {

	static final String LEASE_TABLE = "mp_worker_lease";

	static final String IDS_TABLE = "mp_ids";

	/** Eight worker ids in datacenter 0: enough for the test, few enough to exercise reuse. */
	static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5).workerBits(3)
		.sequenceBits(14).build();

	/** Long enough that a newcomer JVM starts and claims well before a killed holder's lease ends, even on a busy CI machine. */
	static final Duration LEASE = Duration.ofSeconds(6);

	static final Duration SAFETY_MARGIN = Duration.ofSeconds(1);

	private LeaseHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		String url = args[0];
		String user = args[1];
		String password = (args.length > 3) ? args[2] : "";
		int count = Integer.parseInt(args[args.length - 1]);
		ConnectionSource connections = () -> DriverManager.getConnection(url, user, password);
		// The first connection of a fresh JVM (driver classes loaded, the server's handshake) took more than the
		// claim's 5-s connection wait on a loaded machine (2026-12-07: "Cannot lease a worker id from table
		// mp_worker_lease: No connection within 5000 ms", all three databases at once, a build running beside the
		// rehearsal): made here, unbounded, as SegmentHolderProcess does; what this process tests is the lease.
		try (Connection warm = connections.getConnection()) {
			warm.isValid(60);
		}
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(connections).tableName(LEASE_TABLE)
			.layout(LAYOUT).datacenterId(0).duration(LEASE).safetyMargin(SAFETY_MARGIN).build();
		long start = System.nanoTime();
		WorkerLease lease = WorkerLease.acquire(settings);
		long claimMicros = (System.nanoTime() - start) / 1_000;
		System.out.println("CLAIMED " + lease.datacenterId() + " " + lease.workerId() + " " + claimMicros + " "
				+ lease.startWaitMillis());
		SnowflakeIdGenerator ids = lease.generator();
		insert(connections, ids, lease.workerId(), count);
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
		String line;
		while ((line = in.readLine()) != null && !line.equals("release")) {
			// hold the lease; renewals run in the background. "more": insert as many ids again, past renewals.
			if (line.equals("more")) {
				System.out.println("RENEWALS " + lease.renewals() + " LOST " + lease.isLost());
				insert(connections, ids, lease.workerId(), count);
			}
		}
		lease.close();
		System.out.println("RELEASED");
	}

	private static void insert(ConnectionSource connections, SnowflakeIdGenerator ids, int workerId, int count)
			throws SQLException {
		// The ids first, then the database: when the lease has ended the ids must be refused even if the database
		// cannot be reached (a connection attempt through a dead network would only wait).
		long[] batch = new long[count];
		try {
			for (int i = 0; i < count; i++) {
				batch[i] = ids.nextId();
			}
		}
		catch (WorkerLeaseExpiredException ex) {
			// Fail closed: the lease ended (a pause past it, a lost database) or was taken over. Keep running, as an
			// application would, and say so.
			System.out.println("EXPIRED " + ex.getMessage());
			return;
		}
		try (Connection connection = connections.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO " + IDS_TABLE + " (id, worker_id) VALUES (?, ?)")) {
			connection.setAutoCommit(false);
			for (int i = 1; i <= count; i++) {
				insert.setLong(1, batch[i - 1]);
				insert.setInt(2, workerId);
				insert.addBatch();
				if (i % 500 == 0 || i == count) {
					insert.executeBatch();
					connection.commit();
				}
			}
		}
		catch (BatchUpdateException ex) {
			System.out.println("DUPLICATE " + ex.getMessage());
			System.exit(3);
		}
		catch (SQLException ex) {
			System.out.println("FAILED " + ex.getMessage());
			System.exit(4);
		}
		System.out.println("INSERTED " + count);
	}
}
