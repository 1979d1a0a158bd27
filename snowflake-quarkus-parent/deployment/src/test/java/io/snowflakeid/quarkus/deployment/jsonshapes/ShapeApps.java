package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Pattern;

import io.quarkus.test.QuarkusUnitTest;

/** Quarkus REST with Jackson (and JSON-B beside it) on an in-memory H2 database, as the json tests build it. */
final class ShapeApps {

	/** Ids above 2^53: a JavaScript client rounds each of them to another value. */
	static final long ID_A = 912207628317364225L;

	static final long ID_B = 912207628317364226L;

	private ShapeApps() {
	}

	static QuarkusUnitTest app(String db) {
		return new QuarkusUnitTest()
			.overrideConfigKey("quarkus.datasource.db-kind", "h2")
			.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1")
			.overrideConfigKey("quarkus.devservices.enabled", "false")
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
			.overrideConfigKey("quarkus.snowflake.datacenter-id", "2")
			.overrideConfigKey("quarkus.snowflake.worker-id", "9");
	}

	/** Whether {@code id} appears in {@code json} as a bare JSON number (which JavaScript rounds), not as a string. */
	static boolean asNumber(String json, long id) {
		return Pattern.compile("(?<![\"\\d])" + id + "(?![\"\\d])").matcher(json).find();
	}

	/** One request; the status and the body. */
	static HttpResponse<String> send(URI uri, String method, String json) throws IOException, InterruptedException {
		HttpRequest.BodyPublisher body = (json != null) ? HttpRequest.BodyPublishers.ofString(json)
				: HttpRequest.BodyPublishers.noBody();
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri)
				.timeout(Duration.ofSeconds(30))
				.header("Content-Type", "application/json")
				.header("Accept", "application/json")
				.method(method, body)
				.build(), HttpResponse.BodyHandlers.ofString());
	}
}
