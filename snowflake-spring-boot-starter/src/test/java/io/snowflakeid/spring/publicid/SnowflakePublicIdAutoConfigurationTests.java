package io.snowflakeid.spring.publicid;

import java.util.List;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdAlphabet;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import io.snowflakeid.hibernate.internal.SnowflakeIdJackson2Module;
import io.snowflakeid.hibernate.internal.SnowflakeIdJackson3Module;
import io.snowflakeid.spring.publicid.fixture.OrderView;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakePublicIdAutoConfigurationTests {

	static final String KEY_1 = "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=";

	static final String KEY_2 = "AAECAwQFBgcICQoLDA0ODw==";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class))
		.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4");

	/**
	 * Without a key there is no codec, and the modules refuse every {@code @PublicId} property: the start refuses the
	 * annotation only in the application's packages (none here), and a DTO outside them must not go out raw.
	 */
	@Test
	void withoutAKeyThereIsNoCodecAndTheModulesRefusePublicIdsRatherThanWriteThemRaw() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(PublicIdCodec.class);
			tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
				.addModule(context.getBean(PublicIdJackson3Module.class))
				.build();
			com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
				.registerModule(context.getBean(PublicIdJackson2Module.class));
			OrderView view = new OrderView(912207628317364225L, "PAID");
			assertThatThrownBy(() -> jackson3.writeValueAsString(view)).hasMessageContaining("no public-id key is configured")
				.hasMessageContaining("snowflake.public-id.keys.<version>").hasMessageNotContaining("912207628317364225");
			assertThatThrownBy(() -> jackson2.writeValueAsString(view)).hasMessageContaining("no public-id key is configured")
				.hasMessageNotContaining("912207628317364225");
			assertThatThrownBy(() -> jackson3.readValue("{\"id\":912207628317364225}", OrderView.class))
				.hasMessageContaining("no public-id key is configured");
			assertThatThrownBy(() -> jackson2.readValue("{\"id\":912207628317364225}", OrderView.class))
				.hasMessageContaining("no public-id key is configured");
			assertThat(jackson3.writeValueAsString(new Plain(42L))).isEqualTo("{\"id\":42}");
		});
	}

	/**
	 * Without a key, an application's own mapper bean gets the refusing module too; one that cannot take it (no
	 * annotations) does not stop the start, as it would where public ids are in use.
	 */
	@Test
	void withoutAKeyTheApplicationsMappersRefuseToo() {
		this.contextRunner
			.withBean("ownMapper", tools.jackson.databind.json.JsonMapper.class,
					() -> tools.jackson.databind.json.JsonMapper.builder().build())
			.withBean("blindMapper", tools.jackson.databind.ObjectMapper.class,
					() -> tools.jackson.databind.json.JsonMapper.builder()
						.disable(tools.jackson.databind.MapperFeature.USE_ANNOTATIONS)
						.build())
			.run((context) -> {
				assertThat(context).hasNotFailed();
				tools.jackson.databind.ObjectMapper own = context.getBean("ownMapper",
						tools.jackson.databind.ObjectMapper.class);
				assertThatThrownBy(() -> own.writeValueAsString(new OrderView(912207628317364225L, "PAID")))
					.hasMessageContaining("no public-id key is configured");
			});
	}

	/** The application's own {@code PublicIdCodec} bean, without keys: the modules write its tokens. */
	@Test
	void anApplicationsOwnCodecWithoutKeysWritesItsTokens() {
		PublicIdCodec own = PublicIdCodec.builder().key("1", KEY_1).build();
		this.contextRunner.withBean(PublicIdCodec.class, () -> own).run((context) -> {
			assertThat(context).hasNotFailed();
			tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
				.addModule(context.getBean(PublicIdJackson3Module.class))
				.build();
			com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
				.registerModule(context.getBean(PublicIdJackson2Module.class));
			OrderView view = new OrderView(912207628317364225L, "PAID");
			String token = own.encode(912207628317364225L);
			assertThat(jackson3.writeValueAsString(view)).contains("\"" + token + "\"");
			assertThat(jackson2.writeValueAsString(view)).contains("\"" + token + "\"");
		});
	}

	public record Plain(Long id) {
	}

	@Test
	void aKeyGivesACodecThatKnowsTheGeneratorsLayoutAndBothJacksonModules() {
		this.contextRunner
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.layout.preset=javascript-safe",
					"snowflake.datacenter-id=0")
			.run((context) -> {
				PublicIdCodec codec = context.getBean(PublicIdCodec.class);
				assertThat(codec.maxId()).isEqualTo(SnowflakeLayout.MAX_SAFE_JAVASCRIPT_INTEGER);
				assertThat(codec.decode(codec.encode(12345))).isEqualTo(12345);
				assertThat(context).hasSingleBean(PublicIdJackson3Module.class).hasSingleBean(PublicIdJackson2Module.class);
			});
	}

	@Test
	void rotationAndTheDecimalAlphabetAreProperties() {
		this.contextRunner
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.public-id.keys.2=" + KEY_2,
					"snowflake.public-id.current-version=2", "snowflake.public-id.alphabet=decimal")
			.run((context) -> {
				PublicIdCodec codec = context.getBean(PublicIdCodec.class);
				assertThat(codec.versions()).containsExactly('1', '2');
				assertThat(codec.encode(7)).matches("2[0-9]{29}");
				assertThat(context.getBean(SnowflakePublicIdProperties.class).toString()).contains("[1, 2]")
					.doesNotContain(KEY_1, KEY_2);
			});
	}

	@Test
	void theCrockfordBase32AlphabetIsAProperty() {
		for (String value : new String[] { "crockford-base32", "CROCKFORD_BASE32" }) {
			this.contextRunner.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.public-id.alphabet=" + value)
				.run((context) -> {
					PublicIdCodec codec = context.getBean(PublicIdCodec.class);
					assertThat(codec.alphabet()).isEqualTo(PublicIdAlphabet.CROCKFORD_BASE32);
					assertThat(codec.encode(7)).matches("1[0-9A-HJKMNP-TV-Z]{19}");
				});
		}
		// Spring lower-cases the version of keys.a; Crockford's letters are upper case: keys[A] keeps one.
		this.contextRunner
			.withPropertyValues("snowflake.public-id.keys.a=" + KEY_1, "snowflake.public-id.alphabet=crockford-base32")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessage("Invalid snowflake.public-id.keys.a = (hidden): allowed a version that is one character of "
						+ "the crockford-base32 alphabet (0-9A-HJKMNP-TV-Z)"));
		this.contextRunner
			.withPropertyValues("snowflake.public-id.keys[A]=" + KEY_1, "snowflake.public-id.alphabet=crockford-base32")
			.run((context) -> assertThat(context.getBean(PublicIdCodec.class).encode(7)).startsWith("A").hasSize(20));
	}

	@Test
	void anUpperCaseVersionNeedsTheBracketNotation() {
		this.contextRunner.withPropertyValues("snowflake.public-id.keys[A]=" + KEY_1)
			.run((context) -> assertThat(context.getBean(PublicIdCodec.class).versions()).containsExactly('A'));
	}

	@Test
	void configurationErrorsFailTheStartNamingThePropertyNeverTheKey() {
		this.contextRunner.withPropertyValues("snowflake.public-id.keys.1=not!base64!at!all")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.public-id.keys.1")
				.hasMessageNotContaining("base64!at"));
		this.contextRunner.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.public-id.keys.2=" + KEY_2)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageStartingWith("Invalid snowflake.public-id.current-version = (not set)"));
		this.contextRunner.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.public-id.current-version=3")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessage("Invalid snowflake.public-id.current-version = 3: allowed one of the configured versions [1]"));
		this.contextRunner.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.public-id.alphabet=base64")
			.run((context) -> assertThat(context).getFailure().hasStackTraceContaining("snowflake.public-id.alphabet"));
	}

	@Test
	void publicIdInTheApplicationWithoutAKeyFailsTheStart() {
		this.contextRunner
			.withInitializer((context) -> AutoConfigurationPackages.register(
					(BeanDefinitionRegistry) context.getBeanFactory(), OrderView.class.getPackageName()))
			.run((context) -> assertThat(context).getFailure()
				.hasMessageStartingWith("@PublicId is used (" + OrderView.class.getName() + ".id) but no key is "
						+ "configured: set snowflake.public-id.keys.<version>="));
		this.contextRunner
			.withInitializer((context) -> AutoConfigurationPackages.register(
					(BeanDefinitionRegistry) context.getBeanFactory(), SnowflakeLayout.class.getPackageName() + ".segment"))
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@com.fasterxml.jackson.annotation.JsonPropertyOrder(alphabetic = true)
	static class Order {

		@PublicId
		public Long id;

		@PublicId
		public long primitive;

		@SnowflakeId
		@PublicId
		public Long both;

		@PublicId
		public List<Long> related;

		public Long plain;
	}

	@Test
	void jackson3AndJackson2WriteAndReadTokensAndRefuseNumbersAndForgeries() throws Exception {
		PublicIdCodec codec = PublicIdCodec.builder().key("1", KEY_1).build();
		tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
			.addModule(new SnowflakeIdJackson3Module())
			.addModule(new PublicIdJackson3Module(codec))
			.build();
		com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
			.registerModule(new PublicIdJackson2Module(codec))
			.registerModule(new SnowflakeIdJackson2Module());
		Order order = new Order();
		order.id = 912207628317364225L;
		order.primitive = 0;
		order.both = Long.MAX_VALUE;
		order.related = List.of(1L, 2L);
		order.plain = 42L;
		String expected = "{\"both\":\"" + codec.encode(Long.MAX_VALUE) + "\",\"id\":\"" + codec.encode(order.id)
				+ "\",\"plain\":42,\"primitive\":\"" + codec.encode(0) + "\",\"related\":[\"" + codec.encode(1)
				+ "\",\"" + codec.encode(2) + "\"]}";
		assertThat(jackson3.writeValueAsString(order)).isEqualTo(expected);
		assertThat(jackson2.writeValueAsString(order)).isEqualTo(expected);
		for (Order read : List.of(jackson3.readValue(expected, Order.class), jackson2.readValue(expected, Order.class))) {
			assertThat(read.id).isEqualTo(order.id);
			assertThat(read.primitive).isZero();
			assertThat(read.both).isEqualTo(Long.MAX_VALUE);
			assertThat(read.related).containsExactly(1L, 2L);
		}
		String number = "{\"id\":912207628317364225}";
		assertThatThrownBy(() -> jackson3.readValue(number, Order.class)).hasMessageContaining("never from a number");
		assertThatThrownBy(() -> jackson2.readValue(number, Order.class)).hasMessageContaining("never from a number");
		String forged = "{\"id\":\"1AAAAAAAAAAAAAAAA\"}";
		assertThatThrownBy(() -> jackson3.readValue(forged, Order.class)).hasRootCauseInstanceOf(InvalidPublicIdException.class)
			.hasMessageContaining("Invalid public id: failed check");
		assertThatThrownBy(() -> jackson2.readValue(forged, Order.class)).hasRootCauseInstanceOf(InvalidPublicIdException.class)
			.hasMessageContaining("Invalid public id: failed check");
	}
}
