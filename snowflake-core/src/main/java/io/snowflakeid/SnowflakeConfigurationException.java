package io.snowflakeid;

/**
 * A setting that could lead to wrong or duplicate ids. The message always names the setting (as the
 * {@code snowflake.*} property used by the Spring Boot starter and by plain Hibernate), the rejected value and
 * what is allowed, so that the fix is obvious from the log line alone.
 */
public class SnowflakeConfigurationException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String setting;

	private final String value;

	private final String allowed;

	public SnowflakeConfigurationException(String setting, Object value, String allowed) {
		this(setting, value, allowed, null);
	}

	public SnowflakeConfigurationException(String setting, Object value, String allowed, String hint) {
		super("Invalid " + setting + " = " + value + ": allowed " + allowed + (hint == null ? "" : ". " + hint));
		this.setting = setting;
		this.value = String.valueOf(value);
		this.allowed = allowed;
	}

	/** The setting at fault, e.g. {@code snowflake.worker-id}. */
	public String getSetting() {
		return this.setting;
	}

	/** The rejected value, as text. */
	public String getValue() {
		return this.value;
	}

	/** What would have been accepted, e.g. {@code 0..31 (5 worker bits)}. */
	public String getAllowed() {
		return this.allowed;
	}
}
