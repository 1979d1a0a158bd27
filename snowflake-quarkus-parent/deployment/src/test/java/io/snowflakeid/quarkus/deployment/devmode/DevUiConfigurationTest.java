package io.snowflakeid.quarkus.deployment.devmode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import io.quarkus.test.QuarkusDevModeTest;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Dev UI's configuration pages ({@code quarkus dev}: the form editor and the source editor) with a public-id key
 * set. They read every property of every extension through the Config API, and failed for every application of this
 * extension, keys set or not, while its keys, ZooKeeper credentials and Redis URI were SmallRye Config secrets (the
 * API refuses those to everyone): "Error injecting ConfigDescriptionBean". They are plain values now, shown there in
 * dev mode as Quarkus' own credentials are.
 */
class DevUiConfigurationTest {

	/** A key of the test's own (32 bytes, base64): never a real one. */
	private static final String KEY = "q5Vc3GQ2oX0kM7fYtZl1uR8wJ4eH6pDnB9aS2vLxK0c=";

	private static final int PORT = DevModeReloads.freePort();

	@RegisterExtension
	static final QuarkusDevModeTest dev = new QuarkusDevModeTest()
		.withApplicationRoot((jar) -> jar.addClasses(DevItem.class)
			.addAsResource(new StringAsset(String.join("\n", List.of("quarkus.http.port=" + PORT,
					"quarkus.datasource.db-kind=h2", "quarkus.datasource.jdbc.url=jdbc:h2:mem:dev-ui",
					"quarkus.devservices.enabled=false", "quarkus.hibernate-orm.schema-management.strategy=drop-and-create",
					"quarkus.snowflake.datacenter-id=1", "quarkus.snowflake.worker-id=2",
					"quarkus.snowflake.public-id.keys.1=" + KEY))), "application.properties"));

	@Test
	void theConfigurationPagesAnswer() throws Exception {
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
		// the application answers (started with the keys)
		HttpResponse<String> ready = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + PORT + "/q/health/ready"))
			.timeout(Duration.ofSeconds(120))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(ready.statusCode()).as(ready.body()).isEqualTo(200);

		for (String method : List.of("getAllValues", "getAllConfiguration", "getProjectProperties")) {
			String answer = call(http, "devui-configuration_" + method);
			// a JSON-RPC error ({"error" : {"code" : -32603, ...}}), not the word in a property's description
			assertThat(answer).as(method)
				.doesNotContainPattern("\"error\"\\s*:\\s*\\{\\s*\"code\"")
				.contains("\"result\"", "quarkus.snowflake.worker-id");
		}
	}

	/** One JSON-RPC call over the Dev UI's web socket: the message that answers it. */
	private static String call(HttpClient http, String method) throws Exception {
		CompletableFuture<String> answer = new CompletableFuture<>();
		StringBuilder text = new StringBuilder();
		WebSocket socket = http.newWebSocketBuilder()
			.buildAsync(URI.create("ws://localhost:" + PORT + "/q/dev-ui/json-rpc-ws"), new WebSocket.Listener() {

				@Override
				public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
					text.append(data);
					if (last) {
						String message = text.toString();
						text.setLength(0);
						if (message.replace(" ", "").contains("\"id\":7")) {
							answer.complete(message);
						}
					}
					webSocket.request(1);
					return null;
				}
			})
			.get(30, TimeUnit.SECONDS);
		socket.sendText("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":{}}", true);
		try {
			return answer.get(60, TimeUnit.SECONDS);
		}
		finally {
			socket.abort();
		}
	}
}
