package io.snowflakeid.examples.quarkus;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged application (quarkus-run.jar, as deployed), over HTTP: an order gets a snowflake id before its INSERT,
 * sent as a JSON string, and is found by it. Native images would run the same test; none is built here.
 */
@QuarkusIntegrationTest
class OrderIT {

	private static final Pattern ID = Pattern.compile("\"id\":\"(\\d+)\"");

	@TestHTTPResource("/orders")
	URI orders;

	private HttpResponse<String> send(URI uri, String method, String json) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri)
				.timeout(Duration.ofSeconds(30))
				.header("Content-Type", "application/json")
				.method(method, (json != null) ? HttpRequest.BodyPublishers.ofString(json)
						: HttpRequest.BodyPublishers.noBody())
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	@Test
	void anOrderGetsAnIdAsAJsonStringAndIsFoundByIt() throws Exception {
		HttpResponse<String> created = send(this.orders, "POST", "{\"item\":\"book\"}");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
		Matcher id = ID.matcher(created.body());
		assertThat(id.find()).as(created.body()).isTrue();
		long orderId = Long.parseLong(id.group(1));
		assertThat(orderId).as("a snowflake id, beyond what JavaScript numbers hold exactly").isGreaterThan(1L << 53);

		HttpResponse<String> found = send(URI.create(this.orders + "/" + orderId), "GET", null);
		assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
		assertThat(found.body()).contains("\"id\":\"" + orderId + "\"", "\"item\":\"book\"");
	}

	@Test
	void idsOfOneInstanceIncrease() throws Exception {
		long previous = 0;
		for (int i = 0; i < 20; i++) {
			Matcher id = ID.matcher(send(this.orders, "POST", "{\"item\":\"pen\"}").body());
			assertThat(id.find()).isTrue();
			long next = Long.parseLong(id.group(1));
			assertThat(next).isGreaterThan(previous);
			previous = next;
		}
	}
}
