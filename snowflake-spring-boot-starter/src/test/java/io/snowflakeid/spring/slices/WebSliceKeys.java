package io.snowflakeid.spring.slices;

/** The public id key the web slice tests configure (any key with enough distinct bytes; test-only). */
final class WebSliceKeys {

	static final String KEY_1 = "5WaQliQiN6Y8mF/bx0uC6Q3hmxxQTxZMQJVCgM3BQXk=";

	/** What {@code @WebMvcTest}/{@code @WebFluxTest} subclasses set: a key, so that public ids are on. */
	public static final String PUBLIC_ID_KEY_PROPERTY = "snowflake.public-id.keys.1=" + KEY_1;

	private WebSliceKeys() {
	}
}
