package io.snowflakeid.hibernate.internal;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Jackson 2 module the Quarkus extension registers (and the Spring starter's Boot 3 line extends): ids as JSON
 * strings, read from strings or numbers, and no {@code @PublicId} property written raw where nothing makes tokens.
 */
class SnowflakeIdJackson2ModuleTests {

	private final ObjectMapper mapper = new ObjectMapper().registerModule(SnowflakeIdJackson2Module.refusingPublicIds());

	@Nested
	class SnowflakeIds {

		@Test
		void areWrittenAsStringsAndReadFromStringsOrNumbers() throws Exception {
			Order order = new Order();
			order.id = 912207628317364225L;
			order.quantity = 3L;
			String json = SnowflakeIdJackson2ModuleTests.this.mapper.writeValueAsString(order);
			assertThat(json).contains("\"id\":\"912207628317364225\"").contains("\"quantity\":3");
			assertThat(SnowflakeIdJackson2ModuleTests.this.mapper.readValue(json, Order.class).id)
				.isEqualTo(912207628317364225L);
			assertThat(SnowflakeIdJackson2ModuleTests.this.mapper.readValue("{\"id\":912207628317364225}", Order.class).id)
				.isEqualTo(912207628317364225L);
		}

		@Test
		void aValueThatIsNoNumberIsRefusedNamingIt() {
			assertThatThrownBy(() -> SnowflakeIdJackson2ModuleTests.this.mapper.readValue("{\"id\":\"12ab\"}", Order.class))
				.hasMessageContaining("Not a snowflake id: '12ab'");
		}

		@Test
		void valuesInsideListsAreStringsAndANumberFormatKeepsANumber() throws Exception {
			Batch batch = new Batch();
			batch.ids = List.of(1L, 2L);
			batch.legacy = 7L;
			assertThat(SnowflakeIdJackson2ModuleTests.this.mapper.writeValueAsString(batch))
				.contains("\"ids\":[\"1\",\"2\"]")
				.contains("\"legacy\":7");
		}
	}

	@Nested
	class PublicIdsWhereNothingMakesTokens {

		@Test
		void areNotWrittenRaw() {
			Account account = new Account();
			account.id = 912207628317364225L;
			assertThatThrownBy(() -> SnowflakeIdJackson2ModuleTests.this.mapper.writeValueAsString(account))
				.hasMessageContaining("@PublicId property 'id'")
				.hasMessageContaining("raw id must not go out")
				.hasMessageNotContaining("912207628317364225");
		}

		@Test
		void areNotReadFromRawIds() {
			assertThatThrownBy(
					() -> SnowflakeIdJackson2ModuleTests.this.mapper.readValue("{\"id\":912207628317364225}", Account.class))
				.hasMessageContaining("@PublicId property 'id'");
		}

		@Test
		void areLeftToAPublicIdModuleWhereTheCallerHasOne() throws Exception {
			ObjectMapper skipping = new ObjectMapper().registerModule(new SnowflakeIdJackson2Module(true) {
			});
			Account account = new Account();
			account.id = 5L;
			assertThat(skipping.writeValueAsString(account)).isEqualTo("{\"id\":5}");
		}
	}

	static class Order {

		@SnowflakeId
		public Long id;

		public Long quantity;
	}

	static class Batch {

		@SnowflakeId
		public List<Long> ids;

		@SnowflakeId
		@JsonFormat(shape = JsonFormat.Shape.NUMBER)
		public Long legacy;
	}

	static class Account {

		@PublicId
		public Long id;
	}
}
