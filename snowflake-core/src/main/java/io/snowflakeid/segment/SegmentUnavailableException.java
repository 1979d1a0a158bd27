package io.snowflakeid.segment;

import io.snowflakeid.SnowflakeException;

/** No segment could be fetched within the configured wait (the database is unreachable): no id, never a duplicate. */
public class SegmentUnavailableException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	public SegmentUnavailableException(String message, Throwable cause) {
		super(message);
		initCause(cause);
	}
}
