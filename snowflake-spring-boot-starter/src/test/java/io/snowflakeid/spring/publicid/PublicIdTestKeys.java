package io.snowflakeid.spring.publicid;

/** Fixed random test keys (zero or patterned keys are refused: they are not random). */
public final class PublicIdTestKeys {

	public static final String KEY_16 = "gvoQo-dDcFS4ain_hlOIwQ==";

	public static final String KEY_32 = "5WaQliQiN6Y8mF/bx0uC6Q3hmxxQTxZMQJVCgM3BQXk=";

	private PublicIdTestKeys() {
	}
}
