package io.snowflakeid.worker;

import io.snowflakeid.SnowflakeException;

/** A worker id could not be leased safely; the message says why and what to do. */
public class WorkerLeaseException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	public WorkerLeaseException(String message) {
		super(message);
	}

	public WorkerLeaseException(String message, Throwable cause) {
		super(message);
		initCause(cause);
	}
}
