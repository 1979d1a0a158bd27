package io.snowflakeid.quarkus.deployment.publicid;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quarkus REST with a key: {@code @PublicId} path and query parameters and JSON properties are tokens; what does not
 * decode (a raw id among it) is a 400 that says why, never the raw id taken or sent.
 */
class PublicIdRestTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.withKey("public-id-rest", Shipment.class, ShipmentResource.class,
			ShipmentSearch.class);

	@TestHTTPResource("/shipments")
	URI shipments;

	@Inject
	PublicIdCodec codec;

	@Inject
	SnowflakeIdGenerator generator;

	private HttpResponse<String> send(String path, String method, String json) throws Exception {
		return send(path, method, json, null);
	}

	/** {@code order}: the {@code X-Order} header, where not null. */
	private HttpResponse<String> send(String path, String method, String json, String order) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.shipments + path))
			.timeout(Duration.ofSeconds(30));
		if (order != null) {
			request.header("X-Order", order);
		}
		if (json != null) {
			request.header("Content-Type", "application/json");
		}
		return HttpClient.newHttpClient()
			.send(request.method(method, (json != null) ? HttpRequest.BodyPublishers.ofString(json)
					: HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
	}

	// --- parameters

	@Test
	void aTokenInThePathIsTheIdBehindIt() throws Exception {
		long id = this.generator.nextId();
		HttpResponse<String> response = send("/" + this.codec.encode(id) + "/id", "GET", null);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(Long.toString(id));
	}

	@Test
	void aTokenInTheQueryIsTheIdBehindIt() throws Exception {
		long id = this.generator.nextId();
		String token = URLEncoder.encode(this.codec.encode(id), StandardCharsets.UTF_8);
		HttpResponse<String> response = send("?ref=" + token + "&other=" + token, "GET", null);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(id + "/" + id);
	}

	@Test
	void aRawIdIsABadRequest() throws Exception {
		long id = this.generator.nextId();
		for (String path : new String[] { "/" + id + "/id", "/" + id, "?ref=" + id }) {
			HttpResponse<String> response = send(path, "GET", null);
			assertThat(response.statusCode()).as(path).isEqualTo(400);
			assertThat(response.body()).as(path).contains("Invalid public id").doesNotContain(Long.toString(id));
		}
	}

	@Test
	void aTamperedTokenIsABadRequest() throws Exception {
		String token = this.codec.encode(this.generator.nextId());
		String tampered = token.substring(0, token.length() - 1) + (token.endsWith("A") ? "B" : "A");
		for (String path : new String[] { "/" + tampered + "/id", "/" + tampered, "?ref=" + tampered,
				"?other=" + tampered }) {
			HttpResponse<String> response = send(path, "GET", null);
			assertThat(response.statusCode()).as(path).isEqualTo(400);
			assertThat(response.body()).as(path).contains("Invalid public id");
		}
	}

	@Test
	void aBeanParameterFieldIsConvertedAsAParameterIs() throws Exception {
		long id = this.generator.nextId();
		long order = this.generator.nextId();
		String token = URLEncoder.encode(this.codec.encode(id), StandardCharsets.UTF_8);
		HttpResponse<String> response = send("/search?ref=" + token, "GET", null, this.codec.encode(order));
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(id + "/" + order);
	}

	@Test
	void aRawIdInABeanParameterFieldIsABadRequest() throws Exception {
		long id = this.generator.nextId();
		String token = URLEncoder.encode(this.codec.encode(id), StandardCharsets.UTF_8);
		for (String[] request : new String[][] { { "/search?ref=" + id, null }, { "/search?ref=" + token, "" + id } }) {
			HttpResponse<String> response = send(request[0], "GET", null, request[1]);
			assertThat(response.statusCode()).as(String.join(" ", request[0], String.valueOf(request[1])))
				.isEqualTo(400);
			assertThat(response.body()).contains("Invalid public id").doesNotContain(Long.toString(id));
		}
	}

	@Test
	void anEmptyValueGivesNoId() throws Exception {
		// Quarkus REST hands an empty query value over as absent: the method gets null, never an id
		for (String path : new String[] { "?ref=", "?other=", "?ref=&other=" }) {
			HttpResponse<String> response = send(path, "GET", null);
			assertThat(response.statusCode()).as(path).isEqualTo(200);
			assertThat(response.body()).as(path).isEqualTo("null/null");
		}
	}

	// --- JSON bodies

	@Test
	void aPublicIdPropertyGoesOutAsItsTokenAndTheOtherIdAsAString() throws Exception {
		long id = this.generator.nextId();
		String token = this.codec.encode(id);
		HttpResponse<String> response = send("/" + token, "GET", null);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(response.body()).contains("\"id\":\"" + token + "\"", "\"orderId\":\"" + (id + 1) + "\"")
			.doesNotContain("\"id\":\"" + id + "\"").doesNotContain(":" + id + ",");
	}

	@Test
	void aTokenInTheBodyIsReadAsTheIdBehindIt() throws Exception {
		long id = this.generator.nextId();
		HttpResponse<String> response = send("", "POST",
				"{\"id\":\"" + this.codec.encode(id) + "\",\"orderId\":\"7\"}");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(id + "/7");
	}

	@Test
	void aRawIdOrABadTokenInTheBodyIsABadRequest() throws Exception {
		long id = this.generator.nextId();
		for (String body : new String[] { "{\"id\":" + id + "}", "{\"id\":\"" + id + "\"}", "{\"id\":\"x\"}" }) {
			HttpResponse<String> response = send("", "POST", body);
			assertThat(response.statusCode()).as(body).isEqualTo(400);
		}
	}
}
