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

	private final ObjectMapper mapper = new ObjectMapper().registerModule(new SnowflakeIdJackson2Module());

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
				.hasMessageContaining("@PublicId " + Account.class.getName() + ".id")
				.hasMessageContaining("raw id must not go out")
				.hasMessageNotContaining("912207628317364225");
		}

		@Test
		void areNotReadFromRawIds() {
			assertThatThrownBy(
					() -> SnowflakeIdJackson2ModuleTests.this.mapper.readValue("{\"id\":912207628317364225}", Account.class))
				.hasMessageContaining("@PublicId " + Account.class.getName() + ".id");
			// the refused type as a whole, a null property or a null element: as with Jackson 3
			for (String json : List.of("{\"account\":null}", "{\"accounts\":[null]}")) {
				assertThatThrownBy(() -> SnowflakeIdJackson2ModuleTests.this.mapper.readValue(json, Ledger.class)).as(json)
					.hasMessageContaining("cannot be written or read as JSON by this mapper");
			}
			assertThatThrownBy(() -> SnowflakeIdJackson2ModuleTests.this.mapper.readValue("null", Account.class))
				.hasMessageContaining("cannot be written or read as JSON by this mapper");
		}

		/**
		 * A mapper that lists both modules but whose annotation introspector was replaced afterwards (the public-id
		 * module's is gone): refused, not written raw (the no-key review's F3).
		 */
		@Test
		void areRefusedWhereThePublicIdIntrospectorWasReplacedAfterTheModules() {
			Account account = new Account();
			account.id = 5L;
			ObjectMapper replaced = new ObjectMapper().registerModule(new SnowflakeIdJackson2Module())
				.registerModule(new PublicIdJackson2Module(() -> null));
			replaced.setAnnotationIntrospector(new com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector());
			assertThatThrownBy(() -> replaced.writeValueAsString(account)).hasMessageContaining("by this mapper")
				.hasMessageNotContaining("\"id\":5");
		}

		/**
		 * Left to a public-id module (the starter's, the Quarkus extension's) where the mapper has it, whichever was
		 * registered first; refused where it has not (a mapper built by hand: it wrote the raw id).
		 */
		@Test
		void areLeftToAPublicIdModuleWhereTheMapperHasOneAndRefusedWhereItHasNot() throws Exception {
			Account account = new Account();
			account.id = 5L;
			ObjectMapper alone = new ObjectMapper().registerModule(new SnowflakeIdJackson2Module());
			assertThatThrownBy(() -> alone.writeValueAsString(account))
				.hasMessageContaining("@PublicId " + Account.class.getName() + ".id cannot be written or read as JSON"
						+ " by this mapper");
			assertThatThrownBy(() -> alone.readValue("{\"id\":5}", Account.class)).hasMessageContaining("by this mapper");
			io.snowflakeid.publicid.PublicIdCodec codec = io.snowflakeid.publicid.PublicIdCodec.builder()
				.key("1", "q5Vc3GQ2oX0kM7fYtZl1uR8wJ4eH6pDnB9aS2vLxK0c=")
				.build();
			ObjectMapper after = new ObjectMapper().registerModule(new SnowflakeIdJackson2Module())
				.registerModule(new PublicIdJackson2Module(codec));
			ObjectMapper before = new ObjectMapper().registerModule(new PublicIdJackson2Module(codec))
				.registerModule(new SnowflakeIdJackson2Module());
			for (ObjectMapper mapper : java.util.List.of(after, before)) {
				assertThat(mapper.writeValueAsString(account)).isEqualTo("{\"id\":\"" + codec.encode(5L) + "\"}");
			}
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

	static class Ledger {

		public Account account;

		public List<Account> accounts;
	}

	static class Account {

		@PublicId
		public Long id;
	}
}
