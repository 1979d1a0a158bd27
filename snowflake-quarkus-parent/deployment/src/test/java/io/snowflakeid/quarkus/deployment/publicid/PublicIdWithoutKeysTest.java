package io.snowflakeid.quarkus.deployment.publicid;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** {@code @PublicId} without a key would mean raw ids: the start fails, naming the property and each use. */
class PublicIdWithoutKeysTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.app("public-id-no-key", Shipment.class, ShipmentResource.class, ShipmentSearch.class)
		.assertException((failure) -> assertThat(PublicIdApps.messages(failure))
			.contains("@PublicId is used (on ")
			.contains(Shipment.class.getName() + ".id")
			.contains(ShipmentResource.class.getName() + ".find(parameter 0)")
			.contains("set quarkus.snowflake.public-id.keys.<version>=")
			.contains("QUARKUS_SNOWFLAKE_PUBLIC_ID_KEYS_1"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
