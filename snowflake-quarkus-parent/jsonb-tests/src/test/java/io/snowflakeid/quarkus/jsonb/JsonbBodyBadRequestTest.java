package io.snowflakeid.quarkus.jsonb;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Quarkus REST body read with JSON-B: a raw id or a bad token where a public id belongs, or text that is no id where a
 * snowflake id belongs, is the client's mistake, a 400 saying why, without an error logged per request (it was a 500
 * with a stack trace: review finding J5). A good body is read.
 */
class JsonbBodyBadRequestTest {

	/** A key of the test's own (32 bytes, base64): never a real one. */
	private static final String KEY = "q5Vc3GQ2oX0kM7fYtZl1uR8wJ4eH6pDnB9aS2vLxK0c=";

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Voucher.class, VoucherResource.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:jsonb-bodies;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "3")
		.overrideConfigKey("quarkus.snowflake.public-id.keys.1", KEY)
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.SEVERE.intValue())
		.assertLogRecords((records) -> assertThat(records).extracting(LogRecord::getMessage).isEmpty());

	@TestHTTPResource("/vouchers")
	URI vouchers;

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	PublicIdCodec codec;

	@Test
	void aGoodBodyIsRead() throws Exception {
		long id = this.generator.nextId();
		long orderId = this.generator.nextId();
		HttpResponse<String> response = post("{\"id\":\"" + this.codec.encode(id) + "\",\"orderId\":\"" + orderId + "\"}");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(id + " " + orderId);
	}

	@Test
	void aRawIdOrABadTokenWhereAPublicIdBelongsIsABadRequest() throws Exception {
		long id = this.generator.nextId();
		for (String body : new String[] { "{\"id\":" + id + "}", "{\"id\":\"" + id + "\"}", "{\"id\":\"x\"}" }) {
			HttpResponse<String> response = post(body);
			assertThat(response.statusCode()).as(body).isEqualTo(400);
			assertThat(response.body()).as(body).isNotBlank().doesNotContain(String.valueOf(id)).doesNotContain(KEY);
		}
	}

	@Test
	void textThatIsNoIdWhereASnowflakeIdBelongsIsABadRequest() throws Exception {
		HttpResponse<String> response = post("{\"orderId\":\"12x\"}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("Not a snowflake id");
	}

	private HttpResponse<String> post(String body) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(this.vouchers)
				.timeout(Duration.ofSeconds(30))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(body))
				.build(), HttpResponse.BodyHandlers.ofString());
	}
}
