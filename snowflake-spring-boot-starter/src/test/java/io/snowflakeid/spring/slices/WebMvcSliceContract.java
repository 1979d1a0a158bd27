package io.snowflakeid.spring.slices;

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
 * the application wrote {@code "id":"912207628317364225"}, and a changed JSON contract went unnoticed.
 */
public abstract class WebMvcSliceContract {

	@Autowired
	private MockMvc mvc;

	@Test
	void snowflakeIdsAreWrittenAsStringsAsInTheApplication() throws Exception {
		this.mvc.perform(get("/tickets/912207628317364225"))
			.andExpect(status().isOk())
			.andExpect(content().json("{\"id\":\"912207628317364225\",\"title\":\"printer jam\"}", JsonCompareMode.STRICT));
	}
}
