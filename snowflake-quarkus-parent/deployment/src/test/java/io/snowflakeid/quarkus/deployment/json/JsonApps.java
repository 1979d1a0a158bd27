package io.snowflakeid.quarkus.deployment.json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.quarkus.test.QuarkusUnitTest;

/** A Quarkus REST application with Jackson, serving {@link Ticket}s from an in-memory H2 database. */
final class JsonApps {

	private JsonApps() {
	}

	static QuarkusUnitTest tickets(String db) {
		return new QuarkusUnitTest()
			.withApplicationRoot((jar) -> jar.addClasses(Ticket.class, TicketLinks.class, TicketResource.class, JsonApps.class))
			.overrideConfigKey("quarkus.datasource.db-kind", "h2")
			.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1")
			.overrideConfigKey("quarkus.devservices.enabled", "false")
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
			.overrideConfigKey("quarkus.snowflake.datacenter-id", "2")
			.overrideConfigKey("quarkus.snowflake.worker-id", "9");
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
