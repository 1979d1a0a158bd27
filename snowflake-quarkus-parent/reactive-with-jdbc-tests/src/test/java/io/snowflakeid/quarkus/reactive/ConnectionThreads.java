package io.snowflakeid.quarkus.reactive;

import java.sql.Connection;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.agroal.api.AgroalPoolInterceptor;
import io.vertx.core.Context;
import jakarta.enterprise.context.ApplicationScoped;

/** Records the thread of every JDBC connection taken from the default datasource, and whether it was an event loop. */
@ApplicationScoped
public class ConnectionThreads implements AgroalPoolInterceptor {

	static final Queue<String> ACQUIRED_ON = new ConcurrentLinkedQueue<>();

	@Override
	public void onConnectionAcquire(Connection connection) {
		ACQUIRED_ON.add((Context.isOnEventLoopThread() ? "event loop: " : "") + Thread.currentThread().getName());
	}
}
