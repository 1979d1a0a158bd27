package io.snowflakeid.spring.slices;

import io.snowflakeid.spring.slices.SliceApplication.TicketView;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.json.JsonTest;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code @JsonTest} (the same annotation on Spring Boot 4.1 and 3.5) gets the mapper the application gets: snowflake
 * ids as strings, whichever Jackson the line uses. (The key: the application has a @PublicId controller, and a
 * context with @PublicId but no key refuses to start, the slice included.)
 */
@JsonTest(properties = WebSliceKeys.PUBLIC_ID_KEY_PROPERTY)
class JsonTestSliceTests {

	@Autowired
	private ApplicationContext context;

	@Test
	void theSlicesMapperWritesSnowflakeIdsAsStrings() throws Exception {
		assertThat(write(new TicketView(912207628317364225L, "printer jam")))
			.contains("\"id\":\"912207628317364225\"");
	}

	/** Through Jackson 3's JsonMapper on Boot 4, Jackson 2's ObjectMapper on Boot 3.5. */
	private String write(Object value) throws Exception {
		for (String type : new String[] { "tools.jackson.databind.json.JsonMapper",
				"com.fasterxml.jackson.databind.ObjectMapper" }) {
			Class<?> mapperType;
			try {
				mapperType = Class.forName(type);
			}
			catch (ClassNotFoundException ex) {
				continue;
			}
			Object mapper = this.context.getBeanProvider(mapperType).getIfAvailable();
			if (mapper != null) {
				return (String) mapperType.getMethod("writeValueAsString", Object.class).invoke(mapper, value);
			}
		}
		throw new AssertionError("no Jackson mapper bean in the @JsonTest context");
	}
}
