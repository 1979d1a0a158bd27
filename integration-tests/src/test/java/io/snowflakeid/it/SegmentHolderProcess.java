package io.snowflakeid.it;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;

import io.snowflakeid.segment.SegmentIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.segment.SegmentSettings;
import io.snowflakeid.worker.ConnectionSource;

/**
 * A separate JVM for {@link MultiProcessSegmentTests}: takes segment ids, inserts them into a table with a primary
 * key, then waits to be stopped gracefully ("stop" on stdin: hands the unused rest back) or killed with -9.
 * Arguments: JDBC url, user, [password], number of ids, step.
 */
public final class SegmentHolderProcess {

	static final String SEGMENT_TABLE = "mp_segment";

	static final String IDS_TABLE = "mp_segment_ids";

	private SegmentHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		String url = args[0];
		String user = args[1];
		String password = (args.length > 4) ? args[2] : "";
		int count = Integer.parseInt(args[args.length - 2]);
		int step = Integer.parseInt(args[args.length - 1]);
		ConnectionSource connections = () -> DriverManager.getConnection(url, user, password);
		// The first connection of a fresh JVM (driver classes loaded, the server's handshake) took more than the 5-s
		// default max-wait on a loaded CI machine (2026-12-06, MariaDB: "Cannot create the segment tables ... No
		// connection within 5000 ms"): made here, unbounded, before the generators' first bounded statement; and
		// their statements get a minute, since what this process tests is ids, not the machine's speed.
		try (Connection warm = connections.getConnection()) {
			warm.isValid(60);
		}
		SegmentIdGenerators generators = new SegmentIdGenerators(SegmentSettings.builder(connections)
			.tableName(SEGMENT_TABLE).maxWait(java.time.Duration.ofSeconds(60)).build());
		SegmentIdGenerator ids = generators.generator("mp", 1, step);
		long last = 0;
		try (Connection connection = connections.getConnection();
				PreparedStatement insert = connection.prepareStatement("INSERT INTO " + IDS_TABLE + " (id) VALUES (?)")) {
			connection.setAutoCommit(false);
			for (int i = 1; i <= count; i++) {
				long id = ids.nextId();
				if (id <= last) {
					System.out.println("ORDER " + id + " after " + last);
					System.exit(5);
				}
				last = id;
				insert.setLong(1, id);
				insert.addBatch();
				if (i % 100 == 0 || i == count) {
					insert.executeBatch();
					connection.commit();
				}
			}
		}
		catch (BatchUpdateException ex) {
			System.out.println("DUPLICATE " + ex.getMessage());
			System.exit(3);
		}
		System.out.println("INSERTED " + count);
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
		String line;
		while ((line = in.readLine()) != null && !line.equals("stop")) {
			// keep the segments until stopped
		}
		generators.close();
		System.out.println("CLOSED");
	}
}
