package io.snowflakeid.publicid;

import java.util.Base64;

import io.snowflakeid.SnowflakeConfigurationException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Keys anyone could guess are refused, and a key that never arrived is reported as missing, not as bad base64. */
class PublicIdKeyQualityTests {

	@Test
	void aKeyWithoutEntropyIsRefusedWithoutShowingIt() {
		String zeros = Base64.getEncoder().encodeToString(new byte[32]);
		assertThatThrownBy(() -> PublicIdCodec.builder().key("1", zeros)).isInstanceOf(SnowflakeConfigurationException.class)
			.hasMessageStartingWith("Invalid snowflake.public-id.keys.1 = (hidden, 32 bytes): allowed a random AES key")
			.hasMessageContaining("fewer than 8 distinct byte values")
			.hasMessageNotContaining(zeros);
		byte[] pattern = new byte[16];
		for (int i = 0; i < pattern.length; i++) {
			pattern[i] = (byte) (i % 7);
		}
		assertThatThrownBy(() -> PublicIdCodec.builder().key('2', pattern)).hasMessageContaining("not random");
		byte[] eight = new byte[16];
		for (int i = 0; i < eight.length; i++) {
			eight[i] = (byte) (i % 8);
		}
		assertThat(PublicIdCodec.builder().key('3', eight).build().versions()).containsExactly('3');
	}

	@Test
	void anUnresolvedPlaceholderNamesTheMissingVariable() {
		assertThatThrownBy(() -> PublicIdCodec.builder().key("1", "${PUBLIC_ID_KEY_1}"))
			.isInstanceOf(SnowflakeConfigurationException.class)
			.hasMessage("Invalid snowflake.public-id.keys.1 = ${PUBLIC_ID_KEY_1} (unresolved): allowed a base64 AES key "
					+ "of 16, 24 or 32 bytes (e.g. from openssl rand -base64 32). The environment variable or property "
					+ "PUBLIC_ID_KEY_1 is not set");
	}
}
