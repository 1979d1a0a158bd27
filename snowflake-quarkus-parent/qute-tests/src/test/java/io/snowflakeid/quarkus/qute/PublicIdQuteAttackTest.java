package io.snowflakeid.quarkus.qute;

import java.util.List;
import java.util.Map;

import io.quarkus.qute.Engine;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.quarkus.qute.AttackModels.AttackAcronym;
import io.snowflakeid.quarkus.qute.AttackModels.AttackBase;
import io.snowflakeid.quarkus.qute.AttackModels.AttackChild;
import io.snowflakeid.quarkus.qute.AttackModels.AttackCollection;
import io.snowflakeid.quarkus.qute.AttackModels.AttackImplementsHasId;
import io.snowflakeid.quarkus.qute.AttackModels.AttackOuter;
import io.snowflakeid.quarkus.qute.AttackModels.AttackSetterOnly;
import io.snowflakeid.quarkus.qute.AttackModels.AttackStringId;
import io.snowflakeid.quarkus.qute.AttackModels.AttackWithArgument;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Review attack on PublicIdValueResolver (5a5de20, helper-54): each test asserts the safe behaviour (a token, or a
 * failure). "FINDING" tests failed against 5a5de20 and pass since the fix; "holds" ones passed when written. The
 * shapes the build refuses are in {@link PublicIdQuteRefusedTest}.
 */
class PublicIdQuteAttackTest {

	private static final String KEY = "q5Vc3GQ2oX0kM7fYtZl1uR8wJ4eH6pDnB9aS2vLxK0c=";

	private static final long ID = 1234567890123456L;

	private static final long OTHER = 2345678901234567L;

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(AttackModels.class)
			.addClasses(AttackModels.class.getDeclaredClasses()))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:quteattack;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "3")
		.overrideConfigKey("quarkus.snowflake.public-id.keys.1", KEY);

	@Inject
	Engine engine;

	@Inject
	PublicIdCodec codec;

	private String render(String template, String name, Object value) {
		return this.engine.parse(template).data(name, value).render();
	}

	// ---------------------------------------------------------------- findings of the review, fixed

	/**
	 * FINDING (raw id out): @PublicId on the setter only (what the build's own message recommends for a setter,
	 * and Jackson applies to the whole property); the resolver looks at fields and no-argument methods only, so
	 * Qute's reflection resolver prints the getter's raw id.
	 */
	@Test
	void aSetterOnlyAnnotationRendersTheToken() {
		AttackSetterOnly value = new AttackSetterOnly();
		value.setId(ID);
		assertThat(render("{o.id}", "o", value)).isEqualTo(this.codec.encode(ID));
	}

	/**
	 * FINDING (raw id out): a @PublicId method with a parameter; the resolver only applied without parameters, and
	 * Qute's reflection resolver called the method and printed the raw id. Now the rendering fails, saying why.
	 */
	@Test
	void aPublicIdMethodWithAnArgumentFailsClosed() {
		assertThatThrownBy(() -> render("{o.idOf('x')}", "o", new AttackWithArgument(ID)))
			.hasStackTraceContaining("a method with parameters, is not rendered in Qute templates")
			.satisfies((failure) -> assertThat(failure.toString()).doesNotContain(Long.toString(ID)));
	}

	/**
	 * FINDING (raw id out): field xRef with getter getXRef(): Qute's property name for that getter is "XRef"
	 * (decapitalize keeps two leading capitals); the resolver registers "xRef" and "getXRef" only, so {o.XRef}
	 * reaches the getter through reflection, raw.
	 */
	@Test
	void anAcronymGetterOfAnAnnotatedFieldRendersTheToken() {
		AttackAcronym value = new AttackAcronym(ID);
		assertThat(render("{o.xRef}", "o", value)).isEqualTo(this.codec.encode(ID)); // holds
		assertThat(render("{o.XRef}", "o", value)).isEqualTo(this.codec.encode(ID));
	}

	/**
	 * FINDING (crash / false refusal): @PublicId List<Long> is a shape the Jackson module writes as tokens; the
	 * resolver hands the list to PublicIdJson.idOf, which throws, so any template touching the property fails.
	 */
	@Test
	void aCollectionOfIdsRendersTokens() {
		String rendered = render("{#for r in o.related}{r};{/for}", "o", new AttackCollection(List.of(ID, OTHER)));
		assertThat(rendered).isEqualTo(this.codec.encode(ID) + ";" + this.codec.encode(OTHER) + ";");
	}

	/** Second review (3): {@code getid()} is Qute's {@code {o.id}}: the token. */
	@Test
	void aGetterWithoutACapitalRendersTheToken() {
		assertThat(render("{o.id}|{o.getid}", "o", new AttackModels.AttackLowerCaseGetter(ID)))
			.isEqualTo(this.codec.encode(ID) + "|" + this.codec.encode(ID));
	}

	/** Second review (4): a property and a method with parameters of one name: the token, and a refusal. */
	@Test
	void aPropertyAndAMethodWithParametersOfOneNameKeepTheirOwnAnswers() {
		AttackModels.AttackSameName value = new AttackModels.AttackSameName(ID);
		assertThat(render("{o.id}", "o", value)).isEqualTo(this.codec.encode(ID));
		assertThatThrownBy(() -> render("{o.id('x')}", "o", value))
			.hasStackTraceContaining("a method with parameters, is not rendered in Qute templates");
	}

	// ---------------------------------------------------------------- held

	/** holds: value helpers and operators only ever see the token. */
	@Test
	void helpersAndOperatorsSeeTheToken() {
		AttackBase value = new AttackBase(ID);
		String token = this.codec.encode(ID);
		assertThat(render("{o.id.toString}|{o.id ?: 'x'}|{#if o.id}yes{/if}|{o.id.raw}|{o.id.or('x')}", "o", value))
			.isEqualTo(token + "|" + token + "|yes|" + token + "|" + token)
			.doesNotContain(Long.toString(ID));
	}

	/** holds: nested properties, maps (entries and values), a subclass overriding the getter, a default getter. */
	@Test
	void nestedMapsSubclassesAndDefaultGettersRenderTheToken() {
		String token = this.codec.encode(ID);
		assertThat(render("{o.inner.id}", "o", new AttackOuter(new AttackBase(ID)))).isEqualTo(token);
		assertThat(render("{#for e in m}{e.value.id}{/for}|{m.a.id}|{#each m.values}{it.id}{/each}", "m",
				Map.of("a", new AttackBase(ID)))).isEqualTo(token + "|" + token + "|" + token);
		// the subclass's getter returns another id: its token, never a raw one
		assertThat(render("{o.id}|{o.getId()}", "o", new AttackChild(ID, OTHER)))
			.isEqualTo(this.codec.encode(OTHER) + "|" + this.codec.encode(OTHER));
		assertThat(render("{o.id}", "o", new AttackImplementsHasId(ID))).isEqualTo(token);
	}

	/** holds: a bean through inject: (its client proxy subclass), and the data: namespace. */
	@Test
	void injectAndDataNamespacesRenderTheToken() {
		assertThat(this.engine.parse("{inject:attackBean.currentId}").render())
			.isEqualTo(this.codec.encode(987654321987654L));
		assertThat(render("{data:o.id}", "o", new AttackBase(ID))).isEqualTo(this.codec.encode(ID));
	}

	/** holds: a @PublicId String that is not a decimal id fails the rendering, nothing printed. */
	@Test
	void aNonDecimalStringFailsClosed() {
		assertThatThrownBy(() -> render("{o.code}", "o", new AttackStringId("ORD-42")))
			.hasStackTraceContaining("not a decimal id");
	}
}
