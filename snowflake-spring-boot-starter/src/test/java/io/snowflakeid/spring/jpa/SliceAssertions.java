package io.snowflakeid.spring.jpa;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;

import static org.assertj.core.api.Assertions.assertThat;

/** What a test slice must show: the starter's generator, configured from application.properties. */
public final class SliceAssertions {

	private SliceAssertions() {
	}

	/** The layout and node of src/test/resources/application.properties. */
	public static void assertConfiguredFromApplicationProperties(SnowflakeIdGenerator generator) {
		SnowflakeLayout layout = generator.layout();
		assertThat(layout.timestampBits()).isEqualTo(42);
		assertThat(layout.datacenterBits()).isEqualTo(3);
		assertThat(layout.workerBits()).isEqualTo(6);
		assertThat(layout.sequenceBits()).isEqualTo(12);
		assertThat(generator.datacenterId()).isEqualTo(1);
		assertThat(generator.workerId()).isEqualTo(2);
	}

	/** Datacenter and worker of an id in the 42/3/6/12 layout, decoded by hand rather than by a generator. */
	public static void assertIssuedByDatacenter1Worker2(long id) {
		assertThat((id >>> 18) & 0b111).as("datacenter field of %s", id).isEqualTo(1);
		assertThat((id >>> 12) & 0b111111).as("worker field of %s", id).isEqualTo(2);
	}

	public static boolean leaseTableExists(DataSource dataSource) throws SQLException {
		try (Connection connection = dataSource.getConnection();
				ResultSet result = connection.createStatement()
					.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES"
							+ " WHERE UPPER(TABLE_NAME) = 'SNOWFLAKE_WORKER_LEASE'")) {
			result.next();
			return result.getInt(1) > 0;
		}
	}
}
