package io.snowflakeid.quarkus.deployment.publicid;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.quarkus.test.QuarkusUnitTest;

/** Applications with public ids, on an in-memory H2 database, with a static worker id. */
final class PublicIdApps {

	/** A key of the test's own (32 bytes, base64): never a real one. */
	static final String KEY = "q5Vc3GQ2oX0kM7fYtZl1uR8wJ4eH6pDnB9aS2vLxK0c=";

	private PublicIdApps() {
	}

	static QuarkusUnitTest app(String db, Class<?>... classes) {
		return new QuarkusUnitTest()
			.withApplicationRoot((jar) -> jar.addClasses(classes).addClass(PublicIdApps.class))
			.overrideConfigKey("quarkus.datasource.db-kind", "h2")
			.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1")
			.overrideConfigKey("quarkus.devservices.enabled", "false")
			.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
			.overrideConfigKey("quarkus.snowflake.worker-id", "3");
	}

	static QuarkusUnitTest withKey(String db, Class<?>... classes) {
		return app(db, classes).overrideConfigKey("quarkus.snowflake.public-id.keys.1", KEY);
	}

	/** {@code GET root + path}, its body as text. */
	static HttpResponse<String> get(URI root, String path) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(root + path)).timeout(Duration.ofSeconds(30)).GET().build(),
					HttpResponse.BodyHandlers.ofString());
	}

	/** All the causes' messages of a failed start or build. */
	static String messages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause).append('\n');
			for (Throwable suppressed : cause.getSuppressed()) {
				messages.append(suppressed).append('\n');
			}
		}
		return messages.toString();
	}
}
