package io.snowflakeid.quarkus.deployment.observability;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** HEAD is served wherever GET is: {@code /q/snowflake} and {@code /q/snowflake/{id}}; other methods are a 405. */
class DecodeEndpointHeadTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ObservabilityApps.leasing("endpoint-head")
		.overrideConfigKey("quarkus.snowflake.endpoint.enabled", "true");

	@TestHTTPResource("/q/snowflake")
	URI endpoint;

	@Test
	void headIsAnsweredAsGetWithoutABody() throws Exception {
		HttpResponse<String> configuration = send("HEAD", this.endpoint);
		assertThat(configuration.statusCode()).as("HEAD /q/snowflake").isEqualTo(200);
		assertThat(configuration.body()).isEmpty();
		assertThat(configuration.headers().firstValue("Content-Type")).hasValue("application/json");

		HttpResponse<String> malformed = send("HEAD", URI.create(this.endpoint + "/12x"));
		assertThat(malformed.statusCode()).as("HEAD of what GET answers with 400").isEqualTo(400);
	}

	@Test
	void otherMethodsAreRefusedNamingBoth() throws Exception {
		HttpResponse<String> post = send("POST", this.endpoint);
		assertThat(post.statusCode()).isEqualTo(405);
		assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
	}

	private static HttpResponse<String> send(String method, URI uri) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri)
				.method(method, HttpRequest.BodyPublishers.noBody())
				.timeout(Duration.ofSeconds(30))
				.build(), HttpResponse.BodyHandlers.ofString());
	}
}
