package io.snowflakeid.quarkus.deployment.observability;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** One GET on the running application, status and body. */
record HttpGet(int status, String body) {

	static HttpGet of(URI uri) throws IOException, InterruptedException {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
					HttpResponse.BodyHandlers.ofString());
		return new HttpGet(response.statusCode(), response.body());
	}
}
