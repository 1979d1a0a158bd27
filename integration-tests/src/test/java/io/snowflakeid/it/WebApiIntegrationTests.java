package io.snowflakeid.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;

/** Real HTTP calls against a running application: JSON ids, health, the snowflake endpoint and metrics. */
@SpringBootTest(classes = IntegrationTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:web-api;DB_CLOSE_DELAY=-1",
				"spring.jpa.hibernate.ddl-auto=create-drop", "snowflake.datacenter-id=2", "snowflake.worker-id=5",
				"management.endpoints.web.exposure.include=health,snowflake,metrics",
				"management.endpoint.health.show-details=always" })
class WebApiIntegrationTests {

	private static final Pattern STRING_ID = Pattern.compile("\"id\":\"(\\d+)\"");

	private final HttpClient http = HttpClient.newHttpClient();

	@Autowired
	private Environment environment;

	@Autowired
	private SnowflakeIdGenerator generator;

	private HttpResponse<String> get(String path) throws Exception {
		return this.http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(String path, String json) throws Exception {
		return this.http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.environment.getProperty("local.server.port") + path);
	}

	@Test
	void entitiesTravelAsJsonWithIdsAsStringsAndComeBackUnchanged() throws Exception {
		HttpResponse<String> created = post("/customers", "{\"name\":\"Ada\"}");
		assertThat(created.statusCode()).isEqualTo(200);
		Matcher id = STRING_ID.matcher(created.body());
		assertThat(id.find()).as("id written as a JSON string: %s", created.body()).isTrue();
		long value = Long.parseLong(id.group(1));
		assertThat(value).as("above 2^53, where JavaScript numbers round").isGreaterThan(1L << 53);
		assertThat(SnowflakeLayout.DEFAULT.decode(value).workerId()).isEqualTo(5);
		HttpResponse<String> found = get("/customers/" + value);
		assertThat(found.body()).contains("\"id\":\"" + value + "\"").contains("\"name\":\"Ada\"");
	}

	@Test
	void idsAreReadFromStringsAndFromNumbers() throws Exception {
		long value = this.generator.nextId();
		assertThat(post("/customers/echo", "{\"id\":\"" + value + "\",\"name\":\"s\"}").body())
			.contains("\"id\":\"" + value + "\"");
		assertThat(post("/customers/echo", "{\"id\":" + value + ",\"name\":\"n\"}").body())
			.contains("\"id\":\"" + value + "\"");
		assertThat(post("/customers/echo", "{\"id\":\"not-an-id\",\"name\":\"x\"}").statusCode()).isEqualTo(400);
	}

	@Test
	void healthShowsTheSnowflakeComponent() throws Exception {
		HttpResponse<String> health = get("/actuator/health");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(health.body()).contains("\"snowflake\":{").contains("\"workerId\":5").contains("\"datacenterId\":2");
	}

	@Test
	void endpointShowsTheConfigurationAndDecodesIds() throws Exception {
		HttpResponse<String> configuration = get("/actuator/snowflake");
		assertThat(configuration.statusCode()).isEqualTo(200);
		assertThat(configuration.body()).contains("\"workerId\":5").contains("\"timestamp\":41");
		long id = this.generator.nextId();
		HttpResponse<String> decoded = get("/actuator/snowflake/" + id);
		assertThat(decoded.statusCode()).isEqualTo(200);
		assertThat(decoded.body()).contains("\"id\":\"" + id + "\"")
			.contains("\"workerId\":5")
			.contains("\"datacenterId\":2")
			.contains("\"timestamp\":\"" + this.generator.decode(id).timestamp() + "\"");
	}

	@Test
	void malformedOrForeignIdsAreABadRequestNotAServerError() throws Exception {
		HttpResponse<String> malformed = get("/actuator/snowflake/12ab");
		assertThat(malformed.statusCode()).isEqualTo(400);
		assertThat(malformed.body()).as("the body says why")
			.contains("\"reason\":\"Malformed id\"")
			.contains("Not a snowflake id: '12ab' is not a decimal 64-bit number");
		HttpResponse<String> negative = get("/actuator/snowflake/-5");
		assertThat(negative.statusCode()).isEqualTo(400);
		assertThat(negative.body()).contains("\"reason\":\"Foreign id\"").contains("-5 is outside 0..");
		HttpResponse<String> future = get("/actuator/snowflake/" + Long.MAX_VALUE);
		assertThat(future.statusCode()).as("timestamp far in the future").isEqualTo(400);
		assertThat(future.body()).contains("is in the future");
	}

	@Test
	void metricsAreExposed() throws Exception {
		this.generator.nextId();
		HttpResponse<String> metric = get("/actuator/metrics/snowflake.ids.generated");
		assertThat(metric.statusCode()).isEqualTo(200);
		assertThat(metric.body()).contains("\"name\":\"snowflake.ids.generated\"");
		assertThat(get("/actuator/metrics/snowflake.timestamp.remaining").statusCode()).isEqualTo(200);
	}
}
