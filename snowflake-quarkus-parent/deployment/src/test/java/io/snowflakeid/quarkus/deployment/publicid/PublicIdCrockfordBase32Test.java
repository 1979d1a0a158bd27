package io.snowflakeid.quarkus.deployment.publicid;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Locale;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.publicid.PublicIdAlphabet;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quarkus.snowflake.public-id.alphabet=crockford-base32}: 20-character tokens in Quarkus REST, and a token
 * typed in lower case is a 400 that says so (one id, one token: it is not read).
 */
class PublicIdCrockfordBase32Test {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps
		.withKey("public-id-crockford", Shipment.class, ShipmentResource.class, ShipmentSearch.class)
		.overrideConfigKey("quarkus.snowflake.public-id.alphabet", "crockford-base32");

	@TestHTTPResource("/shipments")
	URI shipments;

	@Inject
	PublicIdCodec codec;

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void tokensAreCrockfordBase32AndLowerCaseIsRefusedSayingSo() throws Exception {
		assertThat(this.codec.alphabet()).isEqualTo(PublicIdAlphabet.CROCKFORD_BASE32);
		long id = this.generator.nextId();
		String token = this.codec.encode(id);
		assertThat(token).matches("1[0-9A-HJKMNP-TV-Z]{19}");
		HttpResponse<String> response = PublicIdApps.get(this.shipments, "/" + token + "/id");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(Long.toString(id));
		String lower = token.toLowerCase(Locale.ROOT);
		if (!lower.equals(token)) {
			HttpResponse<String> refused = PublicIdApps.get(this.shipments, "/" + lower + "/id");
			assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
			assertThat(refused.body()).contains("Invalid public id: malformed (expected 20 characters of the "
					+ "crockford-base32 alphabet): character").contains("is lower case: tokens are upper case");
		}
	}
}
