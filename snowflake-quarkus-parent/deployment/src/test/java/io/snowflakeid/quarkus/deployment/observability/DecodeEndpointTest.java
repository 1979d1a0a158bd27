package io.snowflakeid.quarkus.deployment.observability;

import java.net.URI;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.quarkus.deployment.startup.Item;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quarkus.snowflake.endpoint.enabled=true}: {@code /q/snowflake} shows the configuration, {@code /q/snowflake/{id}}
 * decodes an id; what cannot be an id of this layout is a 400 that says why, a public id token is never decoded.
 */
class DecodeEndpointTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ObservabilityApps.leasing("endpoint")
		.overrideConfigKey("quarkus.snowflake.endpoint.enabled", "true");

	@TestHTTPResource("/q/snowflake")
	URI endpoint;

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManager entityManager;

	@Test
	void theConfigurationIsShown() throws Exception {
		for (String path : new String[] { "", "/" }) {
			HttpGet configuration = HttpGet.of(URI.create(this.endpoint + path));
			assertThat(configuration.status()).as(configuration.body()).isEqualTo(200);
			assertThat(configuration.body()).contains("\"epoch\" : \"2020-01-01T00:00:00Z\"", "\"worker\" : 5",
					"\"datacenterId\" : 1", "\"workerId\" : " + this.generator.workerId(),
					"\"workerAssignment\" : \"database-lease\"", "\"leaseValid\" : true");
		}
	}

	@Test
	void anEntitysIdIsDecoded() throws Exception {
		Item item = new Item();
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(item));
		HttpGet decoded = HttpGet.of(URI.create(this.endpoint + "/" + item.id));
		assertThat(decoded.status()).as(decoded.body()).isEqualTo(200);
		assertThat(decoded.body()).contains("\"id\" : \"" + item.id + "\"",
				"\"timestamp\" : \"" + this.generator.decode(item.id).timestamp() + "\"", "\"datacenterId\" : 1",
				"\"workerId\" : " + this.generator.workerId(),
				"\"sequence\" : " + this.generator.decode(item.id).sequence());
	}

	@Test
	void whatCannotBeAnIdIsABadRequestThatSaysWhy() throws Exception {
		HttpGet malformed = HttpGet.of(URI.create(this.endpoint + "/12x"));
		assertThat(malformed.status()).isEqualTo(400);
		assertThat(malformed.body()).contains("\"reason\" : \"Malformed id\"",
				"Not a snowflake id: '12x' is not a decimal 64-bit number");
		HttpGet negative = HttpGet.of(URI.create(this.endpoint + "/-5"));
		assertThat(negative.status()).isEqualTo(400);
		assertThat(negative.body()).contains("\"reason\" : \"Foreign id\"", "-5 is outside 0..");
		HttpGet future = HttpGet.of(URI.create(this.endpoint + "/" + Long.MAX_VALUE));
		assertThat(future.status()).isEqualTo(400);
		assertThat(future.body()).contains("is in the future");
		HttpGet nested = HttpGet.of(URI.create(this.endpoint + "/1/2"));
		assertThat(nested.status()).isEqualTo(400);
	}

	@Test
	void aPublicIdTokenIsNotDecoded() throws Exception {
		HttpGet token = HttpGet.of(URI.create(this.endpoint + "/4fR9xKq2ZbT1"));
		assertThat(token.status()).isEqualTo(400);
		assertThat(token.body()).contains("a public id token? This endpoint decodes raw ids only")
			.doesNotContain("\"workerId\"");
	}
}
