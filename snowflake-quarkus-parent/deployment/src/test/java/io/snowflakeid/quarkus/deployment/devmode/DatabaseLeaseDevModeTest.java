package io.snowflakeid.quarkus.deployment.devmode;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;

import io.quarkus.test.QuarkusDevModeTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Dev-mode restarts with the worker id leased from the default datasource. */
class DatabaseLeaseDevModeTest extends DevModeReloads {

	private static final int PORT = freePort();

	@RegisterExtension
	static final QuarkusDevModeTest dev = app(PORT, "quarkus.snowflake.datacenter-id=4",
			"quarkus.snowflake.lease.table-name=dev_mode_lease");

	@Override
	QuarkusDevModeTest dev() {
		return dev;
	}

	@Override
	int port() {
		return PORT;
	}

	@Override
	int heldLeases() throws Exception {
		try (Connection connection = DriverManager.getConnection(URL);
				ResultSet result = connection.createStatement()
					.executeQuery("select count(*) from dev_mode_lease where datacenter_id = 4 and lease_end > "
							+ System.currentTimeMillis())) {
			result.next();
			return result.getInt(1);
		}
	}
}
