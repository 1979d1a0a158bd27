package io.snowflakeid.spring.slices;

import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.json.JsonCompareMode;
import org.springframework.test.web.servlet.MockMvc;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * A {@code @WebMvcTest} of the application's controller sees the JSON the running application writes: snowflake ids
 * as strings. Without the starter's registration for the slice the test saw {@code "id":912207628317364225} while
 * the application wrote {@code "id":"912207628317364225"}, and a changed JSON contract went unnoticed; and
 * {@code @PublicId} path variables are decoded from tokens as in the application, a raw id refused.
 */
public abstract class WebMvcSliceContract {

	public static final String PUBLIC_ID_KEY = WebSliceKeys.PUBLIC_ID_KEY_PROPERTY;

	@Autowired
	private MockMvc mvc;

	@Autowired
	private PublicIdCodec codec;

	@Test
	void snowflakeIdsAreWrittenAsStringsAsInTheApplication() throws Exception {
		this.mvc.perform(get("/tickets/912207628317364225"))
			.andExpect(status().isOk())
			.andExpect(content().json("{\"id\":\"912207628317364225\",\"title\":\"printer jam\"}", JsonCompareMode.STRICT));
	}

	@Test
	void publicIdPathVariablesAreDecodedFromTokens() throws Exception {
		this.mvc.perform(get("/orders/" + this.codec.encode(912207628317364225L)))
			.andExpect(status().isOk())
			.andExpect(content().string("order 912207628317364225"));
	}

	@Test
	void aRawIdInPlaceOfAPublicIdIsABadRequest() throws Exception {
		this.mvc.perform(get("/orders/912207628317364225")).andExpect(status().isBadRequest());
	}
}
