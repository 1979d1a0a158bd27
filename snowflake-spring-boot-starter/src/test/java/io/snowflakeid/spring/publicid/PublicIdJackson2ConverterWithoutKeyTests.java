package io.snowflakeid.spring.publicid;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import io.snowflakeid.spring.publicid.fixture.OrderView;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.HttpMessageConversionException;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

/**
 * Spring MVC's Jackson 2 converter (the Boot 3.5 line's) asks {@code canSerialize}/{@code canDeserialize} before it
 * takes a type, and those swallow a failure while Jackson builds a serializer: a refusal made there (no key) would
 * send the response to the next converter, which writes the raw id (review F4 of 2026-12-06). The refusing
 * module's serializers fail when they run instead: the Jackson converter is chosen, and fails naming the property.
 */
@SuppressWarnings("removal") // MappingJackson2HttpMessageConverter: Spring 7 keeps it for Jackson 2 applications
class PublicIdJackson2ConverterWithoutKeyTests {

	private static final long ID = 912207628317364225L;

	private final MappingJackson2HttpMessageConverter jackson = new MappingJackson2HttpMessageConverter(
			new ObjectMapper().registerModule(PublicIdJackson2Module.withoutKeys()));

	@Test
	void theJacksonConverterTakesTheTypeAndFailsWritingNamingTheProperty() {
		assertThat(this.jackson.canWrite(OrderView.class, MediaType.APPLICATION_JSON)).isTrue();
		assertThat(this.jackson.canRead(OrderView.class, MediaType.APPLICATION_JSON)).isTrue();
		Output output = new Output();
		assertThatThrownBy(() -> this.jackson.write(new OrderView(ID, "x"), MediaType.APPLICATION_JSON, output))
			.isInstanceOf(HttpMessageConversionException.class)
			.hasStackTraceContaining("OrderView.id")
			.hasStackTraceContaining("no public-id key is configured")
			.hasStackTraceContaining("snowflake.public-id.keys");
		assertThat(output.body.toString(StandardCharsets.UTF_8)).doesNotContain(Long.toString(ID));
		assertThatThrownBy(() -> this.jackson.read(OrderView.class, input("{\"id\":\"abc\",\"name\":\"x\"}")))
			.isInstanceOf(HttpMessageConversionException.class)
			.hasStackTraceContaining("no public-id key is configured");
		assertThatThrownBy(() -> this.jackson.read(OrderView.class, input("{\"id\":null,\"name\":\"x\"}")))
			.hasStackTraceContaining("no public-id key is configured");
	}

	/**
	 * The shapes Jackson writes past the annotation introspector (an object-identity reference, a value type as a map
	 * key) are taken by the Jackson converter too, and fail when written (session-39 review finding 1).
	 */
	@Test
	void identityReferencesAndValueTypeKeysAreTakenAndFailWhenWritten() {
		PublicIdJacksonShapesTests.Order order = new PublicIdJacksonShapesTests.Order();
		order.id = ID;
		PublicIdJacksonShapesTests.Invoice invoice = new PublicIdJacksonShapesTests.Invoice();
		invoice.order = order;
		java.util.Map<PublicIdJacksonIndirectShapesTests.OrderId, String> byId = java.util.Map
			.of(new PublicIdJacksonIndirectShapesTests.OrderId(ID), "x");
		for (Object value : List.of(order, invoice, new Holder(byId))) {
			assertThat(this.jackson.canWrite(value.getClass(), MediaType.APPLICATION_JSON)).as(value.getClass().getName())
				.isTrue();
			Output output = new Output();
			assertThatThrownBy(() -> this.jackson.write(value, MediaType.APPLICATION_JSON, output))
				.as(value.getClass().getName())
				.hasStackTraceContaining("no public-id key is configured");
			assertThat(output.body.toString(StandardCharsets.UTF_8)).doesNotContain(Long.toString(ID));
		}
	}

	public static class Holder {

		public java.util.Map<PublicIdJacksonIndirectShapesTests.OrderId, String> byId;

		Holder(java.util.Map<PublicIdJacksonIndirectShapesTests.OrderId, String> byId) {
			this.byId = byId;
		}
	}

	/** A hand-built mapper with the starter's ids-as-strings module alone refuses public ids (review finding 4). */
	@Test
	void aJackson2MapperWithOnlyTheIdsAsStringsModuleRefusesPublicIds() {
		ObjectMapper mapper = new ObjectMapper().registerModule(new io.snowflakeid.hibernate.internal.SnowflakeIdJackson2Module());
		assertThatThrownBy(() -> mapper.writeValueAsString(new OrderView(ID, "x")))
			.hasMessageContaining("@PublicId " + OrderView.class.getName() + ".id cannot be written or read as JSON by"
					+ " this mapper")
			.hasMessageNotContaining(Long.toString(ID));
		assertThatThrownBy(() -> mapper.readValue("{\"id\":" + ID + ",\"name\":\"x\"}", OrderView.class))
			.hasMessageContaining("by this mapper");
		ObjectMapper both = new ObjectMapper().registerModule(PublicIdJackson2Module.withoutKeys())
			.registerModule(new io.snowflakeid.hibernate.internal.SnowflakeIdJackson2Module());
		assertThatThrownBy(() -> both.writeValueAsString(new OrderView(ID, "x")))
			.as("beside the public-id module, its refusal (no key), not this one")
			.hasMessageContaining("no public-id key is configured");
	}

	/** A converter after Jackson that would write anything (JAXB, Gson, a text one): never reached for the DTO. */
	@Test
	void noOtherConverterWritesTheRawIdWhenJacksonRefuses() {
		List<HttpMessageConverter<?>> converters = List.of(this.jackson, new AnythingAsText());
		MockMvc mvc = MockMvcBuilders.standaloneSetup(new Orders()).setMessageConverters(converters.toArray(
				new HttpMessageConverter<?>[0])).build();
		assertThatThrownBy(() -> mvc.perform(get("/order").accept(MediaType.ALL)))
			.hasStackTraceContaining("OrderView.id")
			.hasStackTraceContaining("no public-id key is configured");
	}

	@RestController
	static class Orders {

		@GetMapping("/order")
		OrderView order() {
			return new OrderView(ID, "x");
		}
	}

	/** Writes any object as its toString(), as a second converter that does not know @PublicId would. */
	static final class AnythingAsText extends AbstractHttpMessageConverter<Object> {

		AnythingAsText() {
			super(MediaType.TEXT_PLAIN);
		}

		@Override
		protected boolean supports(Class<?> type) {
			return true;
		}

		@Override
		protected Object readInternal(Class<?> type, HttpInputMessage input) {
			throw new UnsupportedOperationException();
		}

		@Override
		protected void writeInternal(Object value, HttpOutputMessage output) throws IOException {
			output.getBody().write(value.toString().getBytes(StandardCharsets.UTF_8));
		}
	}

	private static HttpInputMessage input(String json) {
		return new HttpInputMessage() {

			@Override
			public java.io.InputStream getBody() {
				return new java.io.ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8));
			}

			@Override
			public HttpHeaders getHeaders() {
				HttpHeaders headers = new HttpHeaders();
				headers.setContentType(MediaType.APPLICATION_JSON);
				return headers;
			}
		};
	}

	private static final class Output implements HttpOutputMessage {

		final ByteArrayOutputStream body = new ByteArrayOutputStream();

		private final HttpHeaders headers = new HttpHeaders();

		@Override
		public OutputStream getBody() {
			return this.body;
		}

		@Override
		public HttpHeaders getHeaders() {
			return this.headers;
		}
	}
}
