package io.snowflakeid.internal;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLease;

/**
 * For the bindings (not an API): a generator with whatever holds its worker id: {@link #close()} releases a database lease; for static,
 * host-name and IP-derived ids there is nothing to release.
 *
 * @param generator the generator
 * @param assignment how its worker id was assigned
 * @param lease the database lease, or null
 */
public record ManagedGenerator(SnowflakeIdGenerator generator, WorkerAssignment assignment,
		WorkerLease lease) implements AutoCloseable {

	@Override
	public void close() {
		if (this.lease != null) {
			this.lease.close();
		}
	}
}
