package io.snowflakeid.spring.openapi;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.type.TypeFactory;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdAlphabet;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.core.MethodParameter;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The customizer on swagger-core's own schema objects, as springdoc hands them over (the real {@code /v3/api-docs}
 * is tested in the integration tests), and when the auto-configuration applies.
 */
class SnowflakeOpenApiAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakeOpenApiAutoConfiguration.class))
		.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4");

	private final SnowflakeIdPropertyCustomizer customizer = new SnowflakeIdPropertyCustomizer(true,
			SnowflakeLayout.DEFAULT);

	@SuppressWarnings("unused")
	static class Sample {

		@SnowflakeId
		Long id;

		@SnowflakeId
		long primitive;

		Long plain;

		@SegmentId
		Long segment;

		@SnowflakeId
		String text;

		@SnowflakeId
		@JsonFormat(shape = JsonFormat.Shape.NUMBER)
		Long legacy;
	}

	/** A property's AnnotatedType as swagger-core's ModelResolver builds it: a Jackson 2 JavaType and the annotations. */
	private static AnnotatedType property(String name) throws NoSuchFieldException {
		Field field = Sample.class.getDeclaredField(name);
		return new AnnotatedType().type(TypeFactory.defaultInstance().constructType(field.getGenericType()))
			.schemaProperty(true)
			.propertyName(name)
			.ctxAnnotations(field.getAnnotations());
	}

	@Test
	void turnsSnowflakeIdLongsIntoPatternedStringsInOpenApi30() throws Exception {
		for (String name : List.of("id", "primitive")) {
			Schema<?> schema = this.customizer.customize(new IntegerSchema().format("int64").description("d"),
					property(name));
			assertThat(schema).as(name).isInstanceOf(StringSchema.class);
			assertThat(schema.getType()).isEqualTo("string");
			assertThat(schema.getFormat()).isNull();
			assertThat(schema.getPattern()).isEqualTo(SnowflakeIdPropertyCustomizer.PATTERN);
			assertThat(schema.getDescription()).isEqualTo("d");
			assertThat(schema.getExample()).isEqualTo(Long.toString(SnowflakeIdPropertyCustomizer.exampleId(
					SnowflakeLayout.DEFAULT)));
		}
	}

	@Test
	void turnsSnowflakeIdLongsIntoStringsInOpenApi31KeepingNull() throws Exception {
		JsonSchema integer = new JsonSchema();
		integer.setTypes(new LinkedHashSet<>(List.of("integer", "null")));
		integer.format("int64").minimum(BigDecimal.ONE).example(42L).setReadOnly(true);
		Schema<?> schema = this.customizer.customize(integer, property("id"));
		assertThat(schema.getSpecVersion()).isEqualTo(SpecVersion.V31);
		assertThat(schema.getTypes()).containsExactly("string", "null");
		assertThat(schema.getFormat()).isNull();
		assertThat(schema.getMinimum()).as("a numeric bound does not apply to a string").isNull();
		assertThat(schema.getExample()).as("the application's own example, as a string").isEqualTo("42");
		assertThat(schema.getReadOnly()).isTrue();
	}

	@Test
	void leavesEverythingElseAlone() throws Exception {
		for (String name : List.of("plain", "segment", "legacy")) {
			Schema<?> integer = new IntegerSchema().format("int64");
			assertThat(this.customizer.customize(integer, property(name))).as(name).isSameAs(integer);
		}
		Schema<?> text = new StringSchema();
		assertThat(this.customizer.customize(text, property("text"))).isSameAs(text);
		Schema<?> overridden = new StringSchema().format("snowflake");
		assertThat(this.customizer.customize(overridden, property("id"))).as("@Schema(type = \"string\") of the user")
			.isSameAs(overridden);
		Schema<?> integer = new IntegerSchema().format("int64");
		assertThat(new SnowflakeIdPropertyCustomizer(false, SnowflakeLayout.DEFAULT).customize(integer, property("id")))
			.as("ids-as-strings=false").isSameAs(integer);
	}

	@Test
	void theExampleFitsTheLayout() {
		long classic = SnowflakeIdPropertyCustomizer.exampleId(SnowflakeLayout.DEFAULT);
		assertThat(SnowflakeLayout.DEFAULT.decode(classic).workerId()).isEqualTo(1);
		long safe = SnowflakeIdPropertyCustomizer.exampleId(SnowflakeLayout.JAVASCRIPT_SAFE);
		assertThat(safe).isLessThanOrEqualTo(SnowflakeLayout.MAX_SAFE_JAVASCRIPT_INTEGER);
		assertThat(SnowflakeLayout.JAVASCRIPT_SAFE.decode(safe).datacenterId()).isZero();
	}

	@Test
	void definesTheCustomizerWhenSpringdocIsPresentWhateverIdsAsStringsSays() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(SnowflakeIdPropertyCustomizer.class));
		this.contextRunner.withPropertyValues("snowflake.jackson.ids-as-strings=false")
			.run((context) -> assertThat(context).hasSingleBean(SnowflakeIdPropertyCustomizer.class));
	}

	/** The documented way to replace it: a bean of the same name (the library's type is not an API). */
	@Test
	void anApplicationsCustomizerOfTheSameNameReplacesIt() {
		org.springdoc.core.customizers.PropertyCustomizer mine = (schema, type) -> schema;
		this.contextRunner.withBean("snowflakeIdPropertyCustomizer", org.springdoc.core.customizers.PropertyCustomizer.class,
				() -> mine)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(SnowflakeIdPropertyCustomizer.class);
				assertThat(context.getBean("snowflakeIdPropertyCustomizer")).isSameAs(mine);
			});
	}

	@Test
	void backsOffWithoutSpringdoc() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("org.springdoc"))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdPropertyCustomizer.class));
	}


	@SuppressWarnings("unused")
	static class WithPublicIds {

		@PublicId
		Long reference;

		@PublicId
		@SnowflakeId
		Long both;

		@SnowflakeId
		Long internal;
	}

	@SuppressWarnings("unused")
	static class Endpoints {

		void order(@PublicId Long id, Long plain) {
		}
	}

	private static PublicIdCodec publicIds() {
		return PublicIdCodec.builder().key("1", io.snowflakeid.spring.publicid.PublicIdTestKeys.KEY_16).build();
	}

	private static AnnotatedType publicIdProperty(String name) throws NoSuchFieldException {
		Field field = WithPublicIds.class.getDeclaredField(name);
		return new AnnotatedType().type(TypeFactory.defaultInstance().constructType(field.getGenericType()))
			.schemaProperty(true)
			.propertyName(name)
			.ctxAnnotations(field.getAnnotations());
	}

	@Test
	void documentsPublicIdLongsAsTokensWhenPublicIdsAreConfigured() throws Exception {
		PublicIdCodec codec = publicIds();
		SnowflakeIdPropertyCustomizer withPublicIds = new SnowflakeIdPropertyCustomizer(true, SnowflakeLayout.DEFAULT,
				codec);
		for (String name : List.of("reference", "both")) {
			Schema<?> schema = withPublicIds.customize(new IntegerSchema().format("int64"), publicIdProperty(name));
			assertThat(schema).as(name).isInstanceOf(StringSchema.class);
			assertThat(schema.getPattern()).isEqualTo("^[0-9A-Za-z]{17}$");
			assertThat((String) schema.getExample()).matches(schema.getPattern());
			assertThat(codec.decode((String) schema.getExample())).as("the example is a real token").isNotNegative();
		}
		Schema<?> internal = withPublicIds.customize(new IntegerSchema().format("int64"), publicIdProperty("internal"));
		assertThat(internal.getPattern()).as("@SnowflakeId alone stays an id string")
			.isEqualTo(SnowflakeIdPropertyCustomizer.PATTERN);
		Schema<?> withoutCodec = this.customizer.customize(new IntegerSchema().format("int64"),
				publicIdProperty("reference"));
		assertThat(withoutCodec.getType()).as("no public ids configured: left alone").isEqualTo("integer");
	}

	@Test
	void documentsPublicIdRequestParametersAsTokensAndLeavesOthersAlone() throws Exception {
		PublicIdCodec codec = PublicIdCodec.builder().key("7", io.snowflakeid.spring.publicid.PublicIdTestKeys.KEY_32).alphabet(PublicIdAlphabet.DECIMAL).build();
		PublicIdParameterCustomizer parameters = new PublicIdParameterCustomizer(codec);
		Method order = Endpoints.class.getDeclaredMethod("order", Long.class, Long.class);
		Parameter id = parameters.customize(new Parameter().name("id").schema(new IntegerSchema().format("int64")),
				new MethodParameter(order, 0));
		assertThat(id.getSchema().getType()).isEqualTo("string");
		assertThat(id.getSchema().getPattern()).isEqualTo("^[0-9]{30}$");
		PublicIdCodec crockford = PublicIdCodec.builder().key("7", io.snowflakeid.spring.publicid.PublicIdTestKeys.KEY_32)
			.alphabet(PublicIdAlphabet.CROCKFORD_BASE32).build();
		Schema<?> crockfordSchema = new PublicIdParameterCustomizer(crockford)
			.customize(new Parameter().name("id").schema(new IntegerSchema().format("int64")), new MethodParameter(order, 0))
			.getSchema();
		assertThat(crockfordSchema.getPattern()).isEqualTo("^[0-9A-HJKMNP-TV-Z]{20}$")
			.isEqualTo(SnowflakeIdPropertyCustomizer.tokenPattern(crockford));
		assertThat((String) crockfordSchema.getExample()).matches(crockfordSchema.getPattern());
		assertThat(codec.decode((String) id.getSchema().getExample())).isZero();
		Parameter plain = parameters.customize(new Parameter().name("plain").schema(new IntegerSchema()),
				new MethodParameter(order, 1));
		assertThat(plain.getSchema().getType()).isEqualTo("integer");
		Parameter withoutCodec = new PublicIdParameterCustomizer(null)
			.customize(new Parameter().name("id").schema(new IntegerSchema()), new MethodParameter(order, 0));
		assertThat(withoutCodec.getSchema().getType()).isEqualTo("integer");
	}
}
