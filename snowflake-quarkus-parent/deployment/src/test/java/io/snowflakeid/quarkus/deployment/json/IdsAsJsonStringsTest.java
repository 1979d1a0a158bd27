package io.snowflakeid.quarkus.deployment.json;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quarkus REST with Jackson: an entity's {@code @SnowflakeId} ids go out as JSON strings (JavaScript rounds numbers
 * above 2^53 to another id) and come in as strings or numbers; a property formatted as a number stays one.
 */
class IdsAsJsonStringsTest {

	private static final Pattern ID = Pattern.compile("\"id\":\"(\\d+)\"");

	@RegisterExtension
	static final QuarkusUnitTest app = JsonApps.tickets("ids-as-strings")
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()
				&& record.getLoggerName().startsWith("io.snowflakeid"))
		.assertLogRecords((records) -> assertThat(records).as("the ObjectMapper Quarkus produces has the module")
			.noneSatisfy((record) -> assertThat(record.getMessage()).contains("ObjectMapper")));

	@TestHTTPResource("/tickets")
	URI tickets;

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void anEntitysIdGoesOutAsAStringThatRoundTrips() throws Exception {
		HttpResponse<String> created = JsonApps.send(this.tickets, "POST", "{\"quantity\":3}");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
		Matcher id = ID.matcher(created.body());
		assertThat(id.find()).as(created.body()).isTrue();
		long issued = Long.parseLong(id.group(1));
		assertThat(issued).isGreaterThan(1L << 53);
		assertThat(this.generator.decode(issued).workerId()).isEqualTo(9);
		assertThat(created.body()).contains("\"quantity\":3");

		HttpResponse<String> found = JsonApps.send(URI.create(this.tickets + "/" + issued), "GET", null);
		assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
		assertThat(found.body()).contains("\"id\":\"" + issued + "\"");
		assertThat(JsonApps.send(this.tickets, "GET", null).body()).contains("\"id\":\"" + issued + "\"");
	}

	@Test
	void idsInAListAreStringsAndANumberFormatKeepsANumber() throws Exception {
		HttpResponse<String> echoed = JsonApps.send(URI.create(this.tickets + "/links"), "POST",
				"{\"ticketId\":912207628317364225,\"relatedIds\":[\"912207628317364226\",5],\"legacyId\":\"7\"}");
		assertThat(echoed.statusCode()).as(echoed.body()).isEqualTo(200);
		assertThat(echoed.body()).contains("\"ticketId\":\"912207628317364225\"",
				"\"relatedIds\":[\"912207628317364226\",\"5\"]", "\"legacyId\":7");
	}

	@Test
	void anIdSentAsAStringOrANumberIsKept() throws Exception {
		for (String sent : new String[] { "\"912207628317364230\"", "912207628317364231" }) {
			HttpResponse<String> created = JsonApps.send(this.tickets, "POST", "{\"id\":" + sent + ",\"quantity\":1}");
			assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
			assertThat(created.body()).contains("\"id\":\"" + sent.replace("\"", "") + "\"");
		}
	}

	@Test
	void anIdThatIsNoNumberIsABadRequest() throws Exception {
		HttpResponse<String> refused = JsonApps.send(this.tickets, "POST", "{\"id\":\"12ab\",\"quantity\":1}");
		assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
	}
}
