package io.snowflakeid.quarkus.runtime;

import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.jboss.logging.Logger;

/**
 * A request body JSON-B could not read because of a value the extension refused: a 400 with the reason (which never
 * names a key or shows an id). JSON-B may wrap the refusal in a {@code JsonbException} of its own, so the cause chain
 * is searched; any other {@code JsonbException} stays what Quarkus makes of it unmapped, a 500 logged as an error.
 * Registered below the application's priority: an application's own mapper of {@code JsonbException} wins.
 */
public final class RejectedJsonbValueMapper implements ExceptionMapper<JsonbException> {

	private static final Logger LOG = Logger.getLogger(RejectedJsonbValueMapper.class);

	@Override
	public Response toResponse(JsonbException exception) {
		for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
			if (cause instanceof RejectedJsonbValue rejected) {
				return Response.status(Response.Status.BAD_REQUEST)
					.type(MediaType.TEXT_PLAIN_TYPE)
					.entity(rejected.getMessage())
					.build();
			}
		}
		LOG.error("JSON-B failed", exception);
		return Response.serverError().build();
	}
}
