package io.snowflakeid.quarkus.deployment.publicid;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.publicid.PublicId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** A {@code @PublicId("domain")} the codec cannot use fails the start, not the first request that meets it. */
class PublicIdBadDomainTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.withKey("public-id-bad-domain", Receipts.class)
		.assertException((failure) -> assertThat(PublicIdApps.messages(failure))
			.contains("@PublicId(\"no spaces allowed\")")
			.contains("Invalid public id domain"));

	@Test
	void theStartFails() {
		fail("must not start");
	}

	@jakarta.ws.rs.Path("/receipts")
	public static class Receipts {

		@jakarta.ws.rs.GET
		@jakarta.ws.rs.Path("/{id}")
		public String find(@jakarta.ws.rs.PathParam("id") @PublicId("no spaces allowed") Long id) {
			return String.valueOf(id);
		}
	}
}
