package io.snowflakeid.quarkus.reactive;

import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tick longer than 100 ms beside Hibernate Reactive: a persist that finds a tick's sequence used up waits on the
 * event loop for the next tick, and the start says so (found by review: 1 s ticks parked the event loop unannounced).
 */
class LongTickWarnedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ReactiveApps.reactiveOnly(Ticket.class)
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.tick-length", "1s")
		.overrideConfigKey("quarkus.snowflake.layout.timestamp-bits", "41")
		// no database at start: this test needs none
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "none")
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.WARNING.intValue())
		.assertLogRecords((records) -> assertThat(records).extracting(LogRecord::getMessage)
			.anyMatch((message) -> message.contains("Hibernate Reactive asks for ids on the event loop")));

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void theStartSaysThatAPersistMayWaitATickOnTheEventLoop() {
		assertThat(this.generator.layout().tickLength()).hasSeconds(1);
	}
}
