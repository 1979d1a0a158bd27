package io.snowflakeid.quarkus.deployment.publicid;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * An application that produces its own {@code ObjectMapper} without Quarkus' customizers would write public ids raw:
 * the start fails, saying how to apply them.
 */
class PublicIdOwnObjectMapperTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps
		.withKey("public-id-own-mapper", Shipment.class, ShipmentResource.class, ShipmentSearch.class, OwnMapper.class)
		.assertException((failure) -> assertThat(PublicIdApps.messages(failure))
			.contains("does not write @PublicId ids as tokens").contains(OwnMapper.class.getName())
			.contains("Instance<ObjectMapperCustomizer>"));

	@Test
	void theStartFails() {
		fail("must not start");
	}

	@Singleton
	static class OwnMapper {

		@Produces
		@Singleton
		ObjectMapper objectMapper() {
			return new ObjectMapper();
		}
	}
}
