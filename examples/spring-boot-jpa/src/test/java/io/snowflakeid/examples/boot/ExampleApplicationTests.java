package io.snowflakeid.examples.boot;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.snowflakeid.SnowflakeIdGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class ExampleApplicationTests {

	@Autowired
	CustomerRepository customers;

	@Autowired
	SnowflakeIdGenerator ids;

	@Autowired
	Environment environment;

	private String get(String path) throws Exception {
		URI uri = URI.create("http://127.0.0.1:" + this.environment.getProperty("local.server.port") + path);
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString())
			.body();
	}

	@Test
	void demoPersistsCustomersWithSnowflakeIdsOfThisInstance(CapturedOutput output) {
		assertThat(this.customers.findAll()).hasSize(2).allSatisfy((customer) -> {
			assertThat(this.ids.decode(customer.getId()).workerId()).isEqualTo(1);
			assertThat(this.ids.decode(customer.getId()).datacenterId()).isEqualTo(1);
		});
		assertThat(output).contains("customer Ada: ").contains("dc=1 worker=1");
	}

	@Test
	void restApiSendsIdsAsStringsAndActuatorDecodesThem() throws Exception {
		Customer ada = this.customers.findAll().get(0);
		assertThat(get("/customers")).contains("\"id\":\"" + ada.getId() + "\"");
		assertThat(get("/actuator/snowflake/" + ada.getId())).contains("\"workerId\":1").contains("\"datacenterId\":1");
		String health = get("/actuator/health");
		String snowflake = health.substring(health.indexOf("\"snowflake\":{"));
		assertThat(snowflake.substring(0, snowflake.indexOf("}}") + 2)).contains("\"status\":\"UP\"")
			.contains("\"workerId\":1");
		assertThat(get("/actuator/metrics/snowflake.ids.generated")).contains("snowflake.ids.generated");
	}
}
