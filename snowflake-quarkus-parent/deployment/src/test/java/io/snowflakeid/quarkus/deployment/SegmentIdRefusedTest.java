package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** {@code @SegmentId} is not in this preview: refused while Quarkus builds the mapping, naming the segment key. */
class SegmentIdRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Ticket.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:segment-refused;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.assertException((failure) -> assertThat(InvalidSettingsTest.rootMessages(failure))
			.contains("@SegmentId (segment key 'tickets') is not supported by this preview of snowflake-quarkus"));

	@Test
	void theStartFails() {
		fail("the application must not start");
	}
}
