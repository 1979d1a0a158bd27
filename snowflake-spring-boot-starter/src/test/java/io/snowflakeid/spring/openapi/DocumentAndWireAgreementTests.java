package io.snowflakeid.spring.openapi;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.hibernate.internal.SnowflakeIdJackson3Module;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.media.Schema;
import org.junit.jupiter.api.Test;
import org.springdoc.core.converters.PropertyCustomizingConverter;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the OpenAPI document says of a property ({@code string} or {@code integer}) against what the starter's Jackson
 * module really writes, for the shapes a DTO takes: records, getters, renames, {@code @JsonFormat(shape = NUMBER)}
 * on the getter, {@code Optional<Long>}, lists. The document comes from swagger-core's real model resolver with springdoc's
 * {@link PropertyCustomizingConverter} in front, as in an application.
 */
class DocumentAndWireAgreementTests {

	private static final long ID = 912207628317364225L;

	private final JsonMapper mapper = JsonMapper.builder().addModule(new SnowflakeIdJackson3Module()).build();

	private static Map<String, Schema> document(Class<?> type) {
		ModelConverters converters = new ModelConverters();
		converters.addConverter(new PropertyCustomizingConverter(
				Optional.of(List.of(new SnowflakeIdPropertyCustomizer(true, SnowflakeLayout.DEFAULT)))));
		return converters.readAll(new AnnotatedType(type));
	}

	/** "string" or "integer", as the document says. */
	@SuppressWarnings("rawtypes")
	private static String documented(Class<?> type, String property) {
		Schema schema = (Schema) document(type).get(type.getSimpleName()).getProperties().get(property);
		assertThat(schema).as("%s.%s in the document", type.getSimpleName(), property).isNotNull();
		return schema.getType();
	}

	/** "string" or "integer", as the wire says. */
	private String written(Object value, String property) {
		JsonNode node = this.mapper.readTree(this.mapper.writeValueAsString(value)).get(property);
		assertThat(node).as("%s on the wire", property).isNotNull();
		return node.isString() ? "string" : node.isIntegralNumber() ? "integer" : node.getNodeType().toString();
	}

	private void assertAgree(Object value, String property) {
		assertThat(documented(value.getClass(), property)).as("%s.%s: document vs wire",
				value.getClass().getSimpleName(), property)
			.isEqualTo(written(value, property));
	}

	@Test
	void recordComponentRenamedWithJsonPropertyAgrees() {
		assertAgree(new RenamedView(ID), "identifier");
	}

	@Test
	void annotatedGetterAgrees() {
		assertAgree(new GetterView(ID), "id");
	}

	@Test
	void numberShapeOnTheGetterWithTheAnnotationOnTheFieldAgrees() {
		assertAgree(new NumberOnGetterView(ID), "id");
	}

	@Test
	void numberShapeOnARecordComponentAgrees() {
		assertAgree(new NumberRecord(ID), "id");
	}

	@Test
	void optionalLongAgrees() {
		assertAgree(new OptionalView(ID), "id");
	}

	@Test
	void listOfLongsAgrees() {
		ListView view = new ListView(List.of(ID));
		String documented = (String) ((Schema<?>) document(ListView.class).get("ListView").getProperties().get("ids"))
			.getItems()
			.getType();
		JsonNode item = this.mapper.readTree(this.mapper.writeValueAsString(view)).get("ids").get(0);
		assertThat(documented).as("items: document vs wire").isEqualTo(item.isString() ? "string" : "integer");
	}

	record ListView(@SnowflakeId List<Long> ids) {
	}

	record RenamedView(@SnowflakeId @JsonProperty("identifier") Long id) {
	}

	public static class GetterView {

		private final Long id;

		GetterView(Long id) {
			this.id = id;
		}

		@SnowflakeId
		public Long getId() {
			return this.id;
		}
	}

	public static class NumberOnGetterView {

		@SnowflakeId
		private final Long id;

		NumberOnGetterView(Long id) {
			this.id = id;
		}

		@JsonFormat(shape = JsonFormat.Shape.NUMBER)
		public Long getId() {
			return this.id;
		}
	}

	record NumberRecord(@SnowflakeId @JsonFormat(shape = JsonFormat.Shape.NUMBER) Long id) {
	}

	public static class OptionalView {

		@SnowflakeId
		private final Long id;

		OptionalView(Long id) {
			this.id = id;
		}

		@SnowflakeId
		public Optional<Long> getId() {
			return Optional.ofNullable(this.id);
		}
	}
}
