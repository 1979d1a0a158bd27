package io.snowflakeid.segment;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;

/**
 * What the tests of segment generators on a database share: a database of their own, its connections with faults to
 * inject, and application instances (each its own generators, as a separate JVM would have) closed after each test
 * with the database up again.
 */
abstract class SegmentTestSupport {

	final TestDatabase database;

	/** The generators' connections; the database down while they are refused. */
	final FaultyConnections connections;

	private final List<SegmentIdGenerators> instances = new ArrayList<>();

	SegmentTestSupport(String databaseName) {
		this.database = new TestDatabase(databaseName);
		this.connections = FaultyConnections.on(this.database);
	}

	@AfterEach
	void closeInstances() {
		this.connections.refuseConnections(false);
		this.instances.forEach(SegmentIdGenerators::close);
	}

	/** One application instance, closed after the test. */
	SegmentIdGenerators instance(SegmentSettings.Builder settings) {
		SegmentIdGenerators generators = new SegmentIdGenerators(settings.build());
		this.instances.add(generators);
		return generators;
	}

	/** Segments on this class's connections, a caller waiting at most half a second for one. */
	SegmentSettings.Builder settings() {
		return SegmentSettings.builder(this.connections).maxWait(Duration.ofMillis(500));
	}

	void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}
}
