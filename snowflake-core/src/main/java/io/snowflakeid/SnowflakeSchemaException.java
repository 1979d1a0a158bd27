package io.snowflakeid;

/**
 * The database schema cannot hold what the library writes: an id column too narrow for the ids (which some
 * databases would silently clamp), an identity column that rejects explicit ids, or a lease or segment table that
 * is missing while the library may not create it. Thrown at start, before any row is written; {@link #getFix()} is
 * the SQL that repairs it.
 */
public class SnowflakeSchemaException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	private final String fix;

	public SnowflakeSchemaException(String message, String fix) {
		super(message);
		this.fix = fix;
	}

	/** The statement(s) that fix the schema, one per line, for the database at hand. */
	public String getFix() {
		return this.fix;
	}
}
