package io.snowflakeid.spring.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * Over HTTP, an id that cannot be decoded is a 400 whose body says why ({@code message}) and in short
 * ({@code reason}), whatever {@code server.error.include-message} says: a caller debugging an id needs the reason,
 * and it contains nothing but the id they sent.
 */
@EndpointWebExtension(endpoint = SnowflakeEndpoint.class)
class SnowflakeEndpointWebExtension {

	private final SnowflakeEndpoint endpoint;

	public SnowflakeEndpointWebExtension(SnowflakeEndpoint endpoint) {
		this.endpoint = endpoint;
	}

	/** The endpoint's own {@code decode} (a subclass's too), its refusal turned into a 400 that says why. */
	@ReadOperation
	public WebEndpointResponse<Map<String, Object>> decode(@Selector String id) {
		try {
			return new WebEndpointResponse<>(this.endpoint.decode(id));
		}
		catch (InvalidEndpointRequestException ex) {
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("status", WebEndpointResponse.STATUS_BAD_REQUEST);
			body.put("error", "Bad Request");
			body.put("reason", ex.getReason());
			body.put("message", ex.getMessage());
			return new WebEndpointResponse<>(body, WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}
}
