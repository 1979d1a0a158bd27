package io.snowflakeid.spring.publicid.scan;

/** A class that does not mention {@code PublicId} in its bytes' annotations: not loaded by the scan. */
public class Unrelated {

	public long id;
}
