package io.snowflakeid.quarkus.runtime;

import java.util.LinkedHashMap;
import java.util.Map;

import io.quarkus.arc.Arc;
import io.snowflakeid.internal.GeneratorReport;
import io.snowflakeid.internal.ManagedGenerator;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code /q/snowflake}: the active configuration; {@code /q/snowflake/{id}}: an id decoded into instant, datacenter,
 * worker and sequence, as Spring Boot's {@code /actuator/snowflake} shows them ({@link GeneratorReport}). An id that
 * cannot be decoded is a 400 whose body says why; public id tokens are never decoded (an oracle for what they hide).
 * Only where {@code quarkus.snowflake.endpoint.enabled=true}.
 */
final class SnowflakeEndpointHandler implements Handler<RoutingContext> {

	/** The path under the non-application root, with the id after it. */
	static final String PATH = "snowflake";

	private volatile ManagedGenerator managed;

	@Override
	public void handle(RoutingContext context) {
		HttpMethod method = context.request().method();
		if (method != HttpMethod.GET && method != HttpMethod.HEAD) {
			context.response().putHeader("Allow", "GET, HEAD");
			respond(context, 405, error(405, "Method Not Allowed", "Only GET and HEAD are served here", null));
			return;
		}
		String id = idIn(context.normalizedPath());
		ManagedGenerator managed = managed();
		if (id == null) {
			respond(context, 200, GeneratorReport.configuration(managed.generator(), managed));
			return;
		}
		try {
			respond(context, 200, GeneratorReport.decode(managed.generator(), id));
		}
		catch (GeneratorReport.InvalidIdException ex) {
			respond(context, 400, error(400, "Bad Request", ex.getMessage(), ex.reason()));
		}
	}

	/**
	 * The text after the last {@code /snowflake/} of {@code path} (as Vert.x normalized it); null for the
	 * configuration, at {@code /snowflake} or {@code /snowflake/} (the last, as the non-application root may itself
	 * contain the word).
	 */
	static String idIn(String path) {
		String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
		if (trimmed.endsWith("/" + PATH)) {
			return null;
		}
		int at = trimmed.lastIndexOf("/" + PATH + "/");
		return (at < 0) ? null : trimmed.substring(at + PATH.length() + 2);
	}

	private ManagedGenerator managed() {
		ManagedGenerator managed = this.managed;
		if (managed == null) {
			managed = Arc.container().instance(ManagedGenerator.class).get();
			this.managed = managed;
		}
		return managed;
	}

	private static Map<String, Object> error(int status, String error, String message, String reason) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("status", status);
		body.put("error", error);
		if (reason != null) {
			body.put("reason", reason);
		}
		body.put("message", message);
		return body;
	}

	/** The JSON of {@code body}; for HEAD the status and headers only (the server would send the body too). */
	private static void respond(RoutingContext context, int status, Map<String, Object> body) {
		context.response().setStatusCode(status).putHeader("Content-Type", "application/json");
		if (context.request().method() == HttpMethod.HEAD) {
			context.response().end();
		}
		else {
			context.response().end(new JsonObject(body).encodePrettily());
		}
	}
}
