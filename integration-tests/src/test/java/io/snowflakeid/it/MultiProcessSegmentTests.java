package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.testing.ChildJvm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Segment mode across real processes: four JVMs at a time take ids for one key and insert them into a table with
 * a primary key (a duplicate would fail the insert), through graceful restarts and a {@code kill -9}. Holes are
 * values below the highest id that were neither inserted nor handed back for the next start.
 */
class MultiProcessSegmentTests extends MultiProcessTestSupport {

	private static final int IDS = 1_500;

	private static final int STEP = 100;

	private ChildJvm startChild(int ids) throws Exception {
		return startChild(SegmentHolderProcess.class, List.of("DUPLICATE", "ORDER"), String.valueOf(ids),
				String.valueOf(STEP));
	}

	@ParameterizedTest
	@MethodSource("databases")
	void noDuplicatesNoHolesAfterGracefulRestartsAndBoundedHolesAfterACrash(TestDatabase database) throws Exception {
		this.shared = new ProcessSharedDatabase(database, "segments");
		try (Connection connection = this.shared.connect(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + SegmentHolderProcess.IDS_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + SegmentHolderProcess.SEGMENT_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + SegmentHolderProcess.SEGMENT_TABLE + "_free");
			statement.execute("CREATE TABLE " + SegmentHolderProcess.IDS_TABLE + " (id BIGINT PRIMARY KEY)");
		}
		for (int round = 0; round < 2; round++) {
			List<ChildJvm> running = new ArrayList<>();
			for (int i = 0; i < 4; i++) {
				running.add(startChild(IDS));
			}
			for (ChildJvm child : running) {
				child.expect("INSERTED ");
			}
			for (ChildJvm child : running) {
				child.finish("stop", "CLOSED");
			}
		}
		assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + SegmentHolderProcess.IDS_TABLE))
			.isEqualTo(8L * IDS);
		long gracefulHoles = holes();
		System.out.println(database + ": holes after two rounds of four graceful restarts: " + gracefulHoles);
		assertThat(gracefulHoles).as("graceful restarts leave no holes").isZero();

		// Half-way through a segment, with the next one prefetched: both are lost with the process.
		ChildJvm crashed = startChild(IDS + STEP / 2);
		crashed.expect("INSERTED ");
		Thread.sleep(300);
		crashed.kill();
		ChildJvm after = startChild(IDS);
		after.expect("INSERTED ");
		after.finish("stop", "CLOSED");
		long crashHoles = holes();
		System.out.println(database + ": holes after a kill -9: " + crashHoles + " (bound: 2 segments = " + 2 * STEP + ")");
		assertThat(crashHoles).as("a crash loses what that instance held: the rest of its segment and the prefetched one")
			.isPositive()
			.isLessThanOrEqualTo(2L * STEP);
		assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + SegmentHolderProcess.IDS_TABLE))
			.isEqualTo(10L * IDS + STEP / 2);
	}

	/**
	 * With no instance running: every value ever allocated (1..max_value of the key's row) is either inserted or
	 * handed back for the next start; anything else is a hole, lost for good.
	 */
	private long holes() throws SQLException {
		long allocated = this.shared
			.queryLong("SELECT max_value FROM " + SegmentHolderProcess.SEGMENT_TABLE + " WHERE segment_key = 'mp'");
		long used = this.shared.queryLong("SELECT COUNT(*) FROM " + SegmentHolderProcess.IDS_TABLE);
		long handedBack = this.shared.queryLong("SELECT COALESCE(SUM(last_value - first_value + 1), 0) FROM "
				+ SegmentHolderProcess.SEGMENT_TABLE + "_free");
		return allocated - used - handedBack;
	}
}
