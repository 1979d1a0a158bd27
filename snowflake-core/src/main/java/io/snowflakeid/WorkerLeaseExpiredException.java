package io.snowflakeid;

/**
 * The generator's worker id is not (or no longer) held: issuing ids now could collide with another instance
 * that has taken the same worker id. Issuing resumes once the lease is renewed.
 */
public class WorkerLeaseExpiredException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	public WorkerLeaseExpiredException(String reason) {
		super("No valid worker lease: " + reason + ". Refusing to issue ids that could collide with another "
				+ "instance; issuing resumes once the lease is renewed");
	}
}
