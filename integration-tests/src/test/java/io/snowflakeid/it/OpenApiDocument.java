package io.snowflakeid.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;

import static org.assertj.core.api.Assertions.assertThat;

/** springdoc's real {@code /v3/api-docs} of a running application, and that application's JSON responses. */
public final class OpenApiDocument {

	private final HttpClient http = HttpClient.newHttpClient();

	private final String base;

	private final String document;

	public OpenApiDocument(String port) throws Exception {
		this.base = "http://127.0.0.1:" + port;
		this.document = get("/v3/api-docs");
	}

	public String get(String path) throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(URI.create(this.base + path)).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
		return response.body();
	}

	public String version() {
		return JsonPath.read(this.document, "$.openapi");
	}

	/** The schema of one property of a component schema, as springdoc wrote it. */
	public Map<String, Object> property(String schema, String property) {
		return JsonPath.read(this.document, "$.components.schemas." + schema + ".properties." + property);
	}

	/** What an operation's JSON request body or 200 response refers to. */
	String ref(String jsonPath) {
		return JsonPath.read(this.document, jsonPath);
	}

	/** The schema of an operation's parameter. */
	@SuppressWarnings("unchecked")
	public Map<String, Object> parameter(String path, String method, String name) {
		List<Map<String, Object>> parameters = JsonPath.read(this.document,
				"$.paths['" + path + "']." + method + ".parameters");
		return parameters.stream()
			.filter((parameter) -> name.equals(parameter.get("name")))
			.map((parameter) -> (Map<String, Object>) parameter.get("schema"))
			.findFirst()
			.orElseThrow();
	}

	@Override
	public String toString() {
		return this.document;
	}
}
