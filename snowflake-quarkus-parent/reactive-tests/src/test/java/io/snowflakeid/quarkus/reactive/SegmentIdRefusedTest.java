package io.snowflakeid.quarkus.reactive;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** @SegmentId on a Hibernate Reactive entity stops the build, naming it (its segments are fetched with JDBC). */
class SegmentIdRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ReactiveApps.reactiveOnly(Counter.class)
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.assertException((failure) -> assertThat(ReactiveApps.messages(failure))
			.contains("@SegmentId is not supported on Hibernate Reactive entities")
			.contains("io.snowflakeid.quarkus.reactive.Counter.id"));

	@Test
	void theBuildFails() {
		fail("must not start");
	}
}
