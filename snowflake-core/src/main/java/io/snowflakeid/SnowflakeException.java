package io.snowflakeid;

/** A generator refused to issue an id because it could not guarantee it to be unique and ordered. */
public class SnowflakeException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	public SnowflakeException(String message) {
		super(message);
	}
}
