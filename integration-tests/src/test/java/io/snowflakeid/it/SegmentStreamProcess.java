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
 * A separate JVM for {@link MultiProcessRandomKillTests}: takes segment ids without pause and inserts them (a
 * commit every ten), until "stop" on stdin (graceful: the unused rest is handed back) or a {@code kill -9} at any
 * moment: in a fetch, between a take and its commit, in the hand-back. Arguments: url, user, [password], step.
 */
public final class SegmentStreamProcess {

	private SegmentStreamProcess() {
	}

	public static void main(String[] args) throws Exception {
		String url = args[0];
		String user = args[1];
		String password = (args.length > 3) ? args[2] : "";
		int step = Integer.parseInt(args[args.length - 1]);
		ConnectionSource connections = () -> DriverManager.getConnection(url, user, password);
		try (java.sql.Connection warm = connections.getConnection()) {
			warm.isValid(60); // the first connection of a fresh JVM, unbounded (see SegmentHolderProcess)
		}
		SegmentIdGenerators generators = new SegmentIdGenerators(
				SegmentSettings.builder(connections).tableName(SegmentHolderProcess.SEGMENT_TABLE).build());
		SegmentIdGenerator ids = generators.generator("mp", 1, step);
		Thread stdin = new Thread(() -> {
			try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
				String line;
				while ((line = in.readLine()) != null && !line.equals("stop")) {
					// wait for the stop
				}
			}
			catch (Exception ex) {
				// parent gone
			}
		});
		stdin.start();
		System.out.println("STARTED");
		long last = 0;
		long taken = 0;
		try (Connection connection = connections.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO " + SegmentHolderProcess.IDS_TABLE + " (id) VALUES (?)")) {
			connection.setAutoCommit(false);
			while (stdin.isAlive()) {
				long id = ids.nextId();
				if (id <= last) {
					System.out.println("ORDER " + id + " after " + last);
					System.exit(5);
				}
				last = id;
				insert.setLong(1, id);
				insert.addBatch();
				if (++taken % 10 == 0) {
					insert.executeBatch();
					connection.commit();
				}
			}
			insert.executeBatch();
			connection.commit();
		}
		catch (BatchUpdateException ex) {
			System.out.println("DUPLICATE " + ex.getMessage());
			System.exit(3);
		}
		generators.close();
		System.out.println("CLOSED " + taken);
	}
}
