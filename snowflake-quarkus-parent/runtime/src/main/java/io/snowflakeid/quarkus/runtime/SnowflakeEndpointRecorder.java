package io.snowflakeid.quarkus.runtime;

import io.quarkus.runtime.annotations.Recorder;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * The decode endpoint's handler. A recorder of its own: it names Vert.x types, which exist only in applications with
 * an HTTP server, where the build uses it.
 */
@Recorder
public class SnowflakeEndpointRecorder {

	public Handler<RoutingContext> handler() {
		return new SnowflakeEndpointHandler();
	}
}
