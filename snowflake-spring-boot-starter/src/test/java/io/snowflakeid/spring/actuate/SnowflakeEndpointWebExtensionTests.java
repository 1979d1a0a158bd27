package io.snowflakeid.spring.actuate;

import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import static org.assertj.core.api.Assertions.assertThat;

class SnowflakeEndpointWebExtensionTests {

	private final SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(31).workerId(30).build();

	@Test
	void aRefusedIdIsABadRequestWhoseBodySaysWhy() {
		WebEndpointResponse<Map<String, Object>> response = new SnowflakeEndpointWebExtension(
				new SnowflakeEndpoint(this.generator, null))
			.decode("12ab");
		assertThat(response.getStatus()).isEqualTo(400);
		assertThat(response.getBody()).containsEntry("reason", "Malformed id")
			.containsEntry("message", "Not a snowflake id: '12ab' is not a decimal 64-bit number");
	}

	/** A token is refused too (the endpoint would be an oracle for raw ids), saying so rather than "malformed". */
	@Test
	void aPublicIdTokenIsRefusedSayingWhyTheEndpointDoesNotDecodeTokens() {
		WebEndpointResponse<Map<String, Object>> response = new SnowflakeEndpointWebExtension(
				new SnowflakeEndpoint(this.generator, null))
			.decode("1ZRIKiGeXlqr0QaFc");
		assertThat(response.getStatus()).isEqualTo(400);
		assertThat((String) response.getBody().get("message")).contains("a public id token?", "oracle",
				"PublicIdCodec");
	}

	@Test
	void anApplicationsOwnEndpointDecodesOverHttpToo() {
		SnowflakeEndpoint own = new SnowflakeEndpoint(this.generator, null) {
			@Override
			public Map<String, Object> decode(String id) {
				return Map.of("decodedBy", "the application");
			}
		};
		WebEndpointResponse<Map<String, Object>> response = new SnowflakeEndpointWebExtension(own).decode("1");
		assertThat(response.getStatus()).isEqualTo(200);
		assertThat(response.getBody()).containsEntry("decodedBy", "the application");
	}
}
