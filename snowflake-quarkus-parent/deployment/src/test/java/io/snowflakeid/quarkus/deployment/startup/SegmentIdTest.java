package io.snowflakeid.quarkus.deployment.startup;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code @SegmentId} on a Hibernate ORM entity: dense ids from the segment table in the default datasource, and the
 * unused rest of the segment handed back when the application stops gracefully (read after the stop, from the
 * database file it leaves behind).
 */
class SegmentIdTest {

	private static final String DB = "segment-ids";

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Numbered.class, TestApps.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", TestApps.fileUrl(DB))
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.setAfterAllCustomizer(() -> {
			try (Connection connection = DriverManager.getConnection(TestApps.fileUrl(DB))) {
				// the rest of the current segment, and the next one if the prefetch had fetched it
				List<String> ranges = freeRanges(connection);
				assertThat(ranges).as("handed back when the application stopped")
					.isIn(List.of("numbered 5..10"), List.of("numbered 5..10", "numbered 11..20"));
				connection.createStatement().execute("drop all objects delete files");
			}
			catch (SQLException ex) {
				throw new IllegalStateException(ex);
			}
		});

	@Inject
	EntityManager entityManager;

	@Inject
	AgroalDataSource dataSource;

	/**
	 * The first segment is fetched inside an insert's transaction that then rolls back: the fetch committed on its
	 * own (the range stays taken, its id 1 is not handed out again), and the next inserts go on densely.
	 */
	@Test
	void idsAreDenseFromTheSegmentTableFetchedOutsideTheCallersTransaction() throws SQLException {
		Numbered rolledBack = new Numbered();
		assertThatExceptionOfType(RuntimeException.class)
			.isThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
				this.entityManager.persist(rolledBack);
				this.entityManager.flush();
				throw new IllegalStateException("the insert's transaction rolls back");
			}));
		assertThat(rolledBack.id).isEqualTo(1L);
		try (Connection connection = this.dataSource.getConnection()) {
			assertThat(count(connection, "select count(*) from numbered")).as("the insert rolled back").isZero();
			// 10, or 20 once the next range is prefetched: committed by the fetches themselves either way
			assertThat(maxValue(connection)).as("the ranges taken, committed by the fetch itself").isIn(10L, 20L);
		}
		List<Numbered> saved = new ArrayList<>();
		QuarkusTransaction.requiringNew().run(() -> {
			for (int i = 0; i < 3; i++) {
				Numbered numbered = new Numbered();
				numbered.label = "n" + i;
				this.entityManager.persist(numbered);
				saved.add(numbered);
			}
		});
		assertThat(saved).extracting((numbered) -> numbered.id).containsExactly(2L, 3L, 4L);
		try (Connection connection = this.dataSource.getConnection()) {
			assertThat(freeRanges(connection)).as("nothing handed back while running").isEmpty();
		}
	}

	private static long maxValue(Connection connection) throws SQLException {
		return count(connection, "select max_value from snowflake_segment where segment_key = 'numbered'");
	}

	private static long count(Connection connection, String query) throws SQLException {
		try (ResultSet result = connection.createStatement().executeQuery(query)) {
			assertThat(result.next()).as(query).isTrue();
			return result.getLong(1);
		}
	}

	static List<String> freeRanges(Connection connection) throws SQLException {
		List<String> ranges = new ArrayList<>();
		try (ResultSet result = connection.createStatement()
			.executeQuery("select segment_key, first_value, last_value from snowflake_segment_free order by first_value")) {
			while (result.next()) {
				ranges.add(result.getString(1) + " " + result.getLong(2) + ".." + result.getLong(3));
			}
		}
		return ranges;
	}
}
