package io.snowflakeid.quarkus.deployment.devmode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.quarkus.test.QuarkusDevModeTest;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quarkus dev}, the first thing a Quarkus user runs: every edit restarts the application in the same JVM, on
 * the same database, at once. Each restart hands the leased worker id back and leases one again (a graceful restart
 * must not be refused, as it once was in Spring), and the ids issued across the restarts stay unique and ordered.
 * The subclasses lease from the database and from ZooKeeper.
 */
abstract class DevModeReloads {

	/** A database file that outlives each restart, as a developer's local database does. */
	static final String URL = "jdbc:h2:file:"
			+ Path.of("target", "h2", "dev-mode-" + ProcessHandle.current().pid()).toAbsolutePath();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	/** A dev-mode application on its own port and {@link #URL}, with {@code properties} added. */
	static QuarkusDevModeTest app(int port, String... properties) {
		List<String> lines = new ArrayList<>(List.of("quarkus.http.port=" + port, "quarkus.datasource.db-kind=h2",
				"quarkus.datasource.jdbc.url=" + URL, "quarkus.devservices.enabled=false",
				"quarkus.hibernate-orm.schema-management.strategy=update", "quarkus.snowflake.lease.duration=30s"));
		lines.addAll(List.of(properties));
		return new QuarkusDevModeTest().withApplicationRoot((jar) -> jar.addClasses(DevItem.class, DevResource.class)
			.addAsResource(new StringAsset(String.join("\n", lines)), "application.properties"));
	}

	abstract QuarkusDevModeTest dev();

	abstract int port();

	/** How many leases of the test's datacenter are held now. */
	abstract int heldLeases() throws Exception;

	@Test
	void eachReloadHandsTheWorkerIdBackLeasesOneAgainAndKeepsIdsUniqueAndOrdered() throws Exception {
		List<Long> ids = new ArrayList<>();
		Map<String, Integer> workers = new HashMap<>();
		for (int version = 1; version <= 4; version++) {
			if (version > 1) {
				String from = "\"v" + (version - 1) + " \"";
				String to = "\"v" + version + " \"";
				dev().modifySourceFile(DevResource.class, (source) -> source.replace(from, to));
			}
			for (int request = 0; request < 3; request++) {
				String[] answer = post().split(" ");
				assertThat(answer[0]).as("the edited application answers").isEqualTo("v" + version);
				ids.add(Long.parseLong(answer[1]));
				workers.merge("v" + version + ":" + answer[2], 1, Integer::sum);
			}
		}
		assertThat(ids).as("unique and ordered across three restarts").isSorted().doesNotHaveDuplicates();
		assertThat(workers).as("one worker id per run of the application").hasSize(4);
		assertThat(heldLeases()).as("the lease of the running application only: the others handed back").isEqualTo(1);
	}

	private String post() throws IOException, InterruptedException {
		HttpResponse<String> response = this.http.send(HttpRequest
			.newBuilder(URI.create("http://localhost:" + port() + "/dev-items"))
			.timeout(Duration.ofSeconds(120)) // the first request after an edit waits for the restart
			.POST(HttpRequest.BodyPublishers.noBody())
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return response.body();
	}

	static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}
}
