package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.publicid.PublicId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * {@code @PublicId} where this extension cannot turn ids into tokens stops the build, each use named: a parameter of a
 * method that is no Quarkus REST resource method (nothing converts it), and, with JSON-B (present in this module's
 * tests), a record's constructor parameter (JSON-B reads it without the extension's deserializer).
 */
class PublicIdRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Customer.class, OrderView.class, Lookup.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:public-id-refused")
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.assertException((failure) -> assertThat(messages(failure))
			.contains("@PublicId where snowflake-quarkus cannot turn ids into tokens")
			.contains(OrderView.class.getName() + ".new(parameter 0): JSON-B reads constructor and creator parameters")
			.contains(Lookup.class.getName() + ".find(parameter 0): only Quarkus REST parameters"));

	@Test
	void theBuildFails() {
		fail("must not start");
	}

	private static String messages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause).append('\n');
			for (Throwable suppressed : cause.getSuppressed()) {
				messages.append(suppressed).append('\n');
			}
		}
		return messages.toString();
	}

	/** A response whose id promises a token. */
	public record OrderView(@PublicId Long id, String label) {
	}

	/** A lookup by token. */
	public static class Lookup {

		public String find(@PublicId Long id) {
			return String.valueOf(id);
		}
	}
}
