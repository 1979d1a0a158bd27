package io.snowflakeid.quarkus.deployment.publicid;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Quarkus REST's generated serializers would write a DTO's public id raw (they bypass the ObjectMapper's modules): with
 * {@code @PublicId} in the application, the build refuses the setting, naming it.
 */
class PublicIdWithReflectionFreeSerializersTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps
		.withKey("public-id-reflection-free", Shipment.class, ShipmentResource.class, ShipmentSearch.class)
		.overrideConfigKey("quarkus.rest.jackson.optimization.enable-reflection-free-serializers", "true")
		.assertException((failure) -> assertThat(PublicIdApps.messages(failure))
			.contains("@PublicId where snowflake-quarkus cannot turn ids into tokens")
			.contains("enable-reflection-free-serializers=true")
			.contains("(set it to false)"));

	@Test
	void theBuildFails() {
		fail("must not start");
	}
}
