package io.snowflakeid.quarkus.deployment.json;

import java.net.URI;
import java.net.http.HttpResponse;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code quarkus.snowflake.jackson.ids-as-strings=false}: Jackson's own numbers, for clients that expect them. */
class IdsAsJsonNumbersTest {

	@RegisterExtension
	static final QuarkusUnitTest app = JsonApps.tickets("ids-as-numbers")
		.overrideConfigKey("quarkus.snowflake.jackson.ids-as-strings", "false");

	@TestHTTPResource("/tickets")
	URI tickets;

	@Test
	void idsAreNumbers() throws Exception {
		HttpResponse<String> created = JsonApps.send(this.tickets, "POST", "{\"quantity\":2}");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
		assertThat(created.body()).matches(".*\"id\":\\d{16,19},.*");
	}
}
