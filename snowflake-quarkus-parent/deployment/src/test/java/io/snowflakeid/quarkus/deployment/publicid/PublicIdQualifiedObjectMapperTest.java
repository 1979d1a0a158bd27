package io.snowflakeid.quarkus.deployment.publicid;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.arc.Unremovable;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A second, qualified {@code ObjectMapper} of the application (reports, exports) without the public id module would
 * write raw ids: with public ids in use the start fails, naming it (the 2026-12-06 review's finding 4).
 */
class PublicIdQualifiedObjectMapperTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps
		.withKey("public-id-qualified-mapper", Shipment.class, ShipmentResource.class, ShipmentSearch.class, ReportMapper.class)
		.assertException((failure) -> assertThat(PublicIdApps.messages(failure))
			.contains("does not write @PublicId ids as tokens")
			.contains("reports")
			.contains(ReportMapper.class.getName()));

	@Test
	void theStartFails() {
		fail("must not start");
	}

	@Singleton
	static class ReportMapper {

		@Produces
		@Singleton
		@Named("reports")
		@Unremovable
		ObjectMapper reports() {
			return new ObjectMapper();
		}
	}
}
