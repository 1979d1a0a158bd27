package io.snowflakeid.spring.slices;

import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.json.JsonCompareMode;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * A {@code @WebFluxTest} of the application's reactive controllers behaves as the running application: snowflake ids
 * written as strings, and {@code @PublicId} path variables decoded from tokens, a raw id refused. Without the
 * starter's registration for the slice the test would see numbers, and the controller would read raw ids.
 */
public abstract class WebFluxSliceContract {

	public static final String PUBLIC_ID_KEY = WebSliceKeys.PUBLIC_ID_KEY_PROPERTY;

	@Autowired
	private WebTestClient client;

	@Autowired
	private PublicIdCodec codec;

	@Test
	void snowflakeIdsAreWrittenAsStringsAsInTheApplication() {
		this.client.get()
			.uri("/tickets/912207628317364225")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.json("{\"id\":\"912207628317364225\",\"title\":\"printer jam\"}", JsonCompareMode.STRICT);
	}

	@Test
	void publicIdPathVariablesAreDecodedFromTokens() {
		this.client.get()
			.uri("/orders/" + this.codec.encode(912207628317364225L))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.isEqualTo("order 912207628317364225");
	}

	@Test
	void aRawIdInPlaceOfAPublicIdIsABadRequest() {
		this.client.get().uri("/orders/912207628317364225").exchange().expectStatus().isBadRequest();
	}
}
