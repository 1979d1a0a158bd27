package io.snowflakeid.examples.boot;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import io.snowflakeid.SnowflakeIdGenerator;
import org.junit.jupiter.api.Test;

import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The application itself, started through its main class as {@code java -jar} would: under the {@code aot} Maven
 * profile ({@code spring-boot:process-aot}, then {@code -Dspring.aot.enabled=true}) from the bean definitions Spring
 * AOT generated at build time, otherwise as usual. A worker id leased from the database (the static ids of
 * application.properties are unset), {@code @SnowflakeId} and {@code @SegmentId} rows, entities as JSON, the
 * {@code snowflake} endpoint and health.
 */
class AheadOfTimeApplicationTests {

	/** Set by the aot profile, so that a profile that silently stopped processing ahead of time fails here. */
	private static final boolean EXPECT_AOT = Boolean.getBoolean("example.expect-aot");

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void runsWithALeasedWorkerIdSegmentIdsJsonAndActuator() throws Exception {
		SpringApplication application = new SpringApplication(ExampleApplication.class);
		// As when started by its main method: in AOT mode the generated initializer is found by this class's name.
		application.setMainApplicationClass(ExampleApplication.class);
		try (ConfigurableApplicationContext app = application.run("--server.port=0",
				"--spring.datasource.url=jdbc:h2:mem:aot-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
				"--snowflake.datacenter-id=", "--snowflake.worker-id=")) {
			if (EXPECT_AOT) {
				assertThat(AotDetector.useGeneratedArtifacts()).as("spring.aot.enabled").isTrue();
				RootBeanDefinition generator = (RootBeanDefinition) app.getBeanFactory()
					.getBeanDefinition("snowflakeIdGenerator");
				assertThat(generator.getInstanceSupplier())
					.as("bean definitions generated at build time create beans through code, not reflection")
					.isNotNull();
			}
			String port = app.getEnvironment().getProperty("local.server.port");
			SnowflakeIdGenerator ids = app.getBean(SnowflakeIdGenerator.class);

			String health = get(port, "/actuator/health");
			assertThat(health).contains("\"workerAssignment\":\"database-lease\"").contains("\"leaseEnd\":");
			String snowflake = health.substring(health.indexOf("\"snowflake\":{"));
			assertThat(snowflake.substring(0, snowflake.indexOf("}}") + 2)).contains("\"status\":\"UP\"");

			List<Customer> customers = app.getBean(CustomerRepository.class).findAll();
			assertThat(customers).hasSize(2);
			long id = customers.get(0).getId();
			assertThat(ids.decode(id).workerId()).isEqualTo(ids.workerId());
			assertThat(get(port, "/customers")).as("@SnowflakeId ids as JSON strings")
				.contains("\"id\":\"" + id + "\"");
			assertThat(get(port, "/actuator/snowflake/" + id)).contains("\"workerId\":" + ids.workerId());

			List<Invoice> invoices = app.getBean(InvoiceRepository.class).findAll();
			assertThat(invoices).extracting(Invoice::getNumber).containsExactlyInAnyOrder(10_000L, 10_001L);
			assertThat(get(port, "/invoices")).as("@SegmentId numbers stay JSON numbers")
				.contains("\"number\":10000");
		}
	}

	@Test
	void theGeneratedNativeImageMetadataHasTheStartersHints() throws IOException {
		assumeTrue(EXPECT_AOT, "only after process-aot (the aot profile)");
		Path metadata = Path.of("target/classes/META-INF/native-image");
		String all;
		try (Stream<Path> files = Files.walk(metadata)) {
			all = files.filter((file) -> file.toString().endsWith(".json")).map(AheadOfTimeApplicationTests::read)
				.reduce("", String::concat);
		}
		assertThat(all).contains("io.snowflakeid.hibernate.SnowflakeIdentifierGenerator")
			.contains("io.snowflakeid.hibernate.SegmentIdentifierGenerator")
			.contains("org.hibernate.service.spi.ServiceContributor")
			.contains("HealthIndicator");
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private String get(String port, String path) throws Exception {
		HttpResponse<String> response = this.http.send(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
		return response.body();
	}
}
