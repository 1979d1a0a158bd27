package io.snowflakeid.publicweb;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.it.OpenApiDocument;
import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Public ids through a real server: springdoc's {@code /v3/api-docs} documents {@code @PublicId} properties and path
 * variables as the tokens that are really written and accepted, a client following the document round-trips, and
 * a raw id where a token is required is a 400 with the reason.
 */
@SpringBootTest(classes = PublicIdWebApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:public-id-web;DB_CLOSE_DELAY=-1", "snowflake.datacenter-id=1",
				"snowflake.worker-id=2", "snowflake.public-id.keys.1=AAECAwQFBgcICQoLDA0ODw==" })
class PublicIdOpenApiIntegrationTests {

	private static final String TOKEN = "^[0-9A-Za-z]{17}$";

	@Value("${local.server.port}")
	private String port;

	@Autowired
	private PublicIdCodec codec;

	@Autowired
	private SnowflakeIdGenerator ids;

	private OpenApiDocument api;

	@BeforeEach
	void fetchTheDocument() throws Exception {
		this.api = new OpenApiDocument(this.port);
	}

	@Test
	void theDocumentDescribesTokensWhereTheApiTakesAndWritesThem() {
		Map<String, Object> property = this.api.property("OrderView", "id");
		assertThat(property).containsEntry("type", "string").containsEntry("pattern", TOKEN)
			.doesNotContainKeys("format", "minimum", "maximum");
		assertThat((String) property.get("example")).matches(TOKEN);
		Map<String, Object> parameter = this.api.parameter("/orders/{id}", "get", "id");
		assertThat(parameter).containsEntry("type", "string").containsEntry("pattern", TOKEN);
		assertThat(this.codec.isValid((String) parameter.get("example"))).as("the example is a real token").isTrue();
	}

	@Test
	void aClientFollowingTheDocumentRoundTripsTheToken() throws Exception {
		long id = this.ids.nextId();
		String token = this.codec.encode(id);
		String order = this.api.get("/orders/" + token);
		assertThat((String) JsonPath.read(order, "$.id")).isEqualTo(token);
		assertThat((String) JsonPath.read(order, "$.customer")).isEqualTo("customer of order " + id);
	}

	@Test
	void aRawIdWhereATokenIsRequiredIsABadRequestWithTheReason() throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/orders/" + this.ids.nextId()))
				.GET()
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("Invalid public id");
		assertThat(response.body()).doesNotContain("AAECAwQFBgcICQoLDA0ODw");
	}
}
