package io.snowflakeid.spring.data.jdbc;

import java.util.Set;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Spring Data JDBC callback as Spring Data calls it ({@link EntityCallbacks}, the way
 * {@code JdbcAggregateTemplate} runs {@code BeforeConvertCallback}s), on a mapping context alone: no database.
 */
class SnowflakeDataJdbcAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakeDataJdbcAutoConfiguration.class))
		.withUserConfiguration(MappingContextConfiguration.class)
		.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4");

	/** What JdbcAggregateTemplate does before it turns an aggregate into INSERT/UPDATE actions. */
	private static <T> T beforeConvert(AssertableApplicationContext context, T aggregate) {
		return EntityCallbacks.create(context).callback(BeforeConvertCallback.class, aggregate);
	}

	@Test
	void newAggregatesGetIdsFromTheApplicationsGeneratorBean() {
		this.contextRunner.run((context) -> {
			SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
			long before = generator.nextId();
			Note note = beforeConvert(context, new Note("hello"));
			long after = generator.nextId();
			assertThat(note.id).as("one sequence: the bean's ids before and after enclose the aggregate's")
				.isGreaterThan(before)
				.isLessThan(after);
			assertThat(generator.decode(note.id).datacenterId()).isEqualTo(3);
			assertThat(generator.decode(note.id).workerId()).isEqualTo(4);
		});
	}

	@Test
	void callbackIsAbsentWithoutSpringDataJdbc() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("org.springframework.data.jdbc"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(SnowflakeIdGenerator.class)
				.doesNotHaveBean(SnowflakeIdBeforeConvertCallback.class));
	}

	/** The documented way to replace it: a bean of the same name (the library's type is not an API). */
	@Test
	void applicationsOwnCallbackBeanOfTheSameNameWins() {
		this.contextRunner.withUserConfiguration(OwnCallback.class).run((context) -> {
			assertThat(context).doesNotHaveBean(SnowflakeIdBeforeConvertCallback.class);
			assertThat(context.getBean("snowflakeIdBeforeConvertCallback")).isInstanceOf(OwnCallback.Mine.class);
			Note note = beforeConvert(context, new Note("mine"));
			assertThat(context.getBean(SnowflakeIdGenerator.class).decode(note.id).workerId())
				.as("ids from the application's own callback and its generator")
				.isEqualTo(9);
		});
	}

	@Test
	void aggregatesWithoutTheAnnotationsAreLeftAlone() {
		this.contextRunner.run((context) -> {
			Plain plain = new Plain();
			assertThat(beforeConvert(context, plain)).isSameAs(plain);
			assertThat(plain.id).as("left to the database").isNull();
		});
	}

	@Test
	void idsTheApplicationSetAreKept() {
		this.contextRunner.run((context) -> {
			Note note = new Note("imported");
			note.id = 42L;
			assertThat(beforeConvert(context, note).id).isEqualTo(42L);
			Memo memo = new Memo(43L, "imported");
			assertThat(beforeConvert(context, memo)).isSameAs(memo);
			PrimitiveNote primitive = new PrimitiveNote();
			primitive.id = 44L;
			assertThat(beforeConvert(context, primitive).id).isEqualTo(44L);
		});
	}

	@Test
	void primitiveZeroIsNotSetAsForSpringDataIsNew() {
		this.contextRunner.run((context) -> {
			PrimitiveNote note = beforeConvert(context, new PrimitiveNote());
			assertThat(note.id).isPositive();
		});
	}

	@Test
	void recordsAndWithersGetANewInstanceWithTheId() {
		this.contextRunner.run((context) -> {
			Memo memo = new Memo(null, "immutable");
			Memo saved = beforeConvert(context, memo);
			assertThat(saved).isNotSameAs(memo);
			assertThat(saved.id()).isPositive();
			assertThat(saved.text()).isEqualTo("immutable");
			assertThat(memo.id()).isNull();
			Receipt receipt = new Receipt(null, 1_250);
			Receipt withId = beforeConvert(context, receipt);
			assertThat(withId.id).isPositive();
			assertThat(withId.cents).isEqualTo(1_250);
		});
	}

	@Test
	void stringIdsGetTheZeroPaddedDecimalForm() {
		this.contextRunner.run((context) -> {
			TextNote note = beforeConvert(context, new TextNote());
			assertThat(note.id).hasSize(19).containsOnlyDigits();
			assertThat(context.getBean(SnowflakeIdGenerator.class).decode(Long.parseLong(note.id)).workerId())
				.isEqualTo(4);
		});
	}

	@Test
	void annotatedPropertiesBesideTheIdAreFilledToo() {
		this.contextRunner.run((context) -> {
			Shipment shipment = beforeConvert(context, new Shipment());
			assertThat(shipment.id).as("a plain @Id stays the database's").isNull();
			assertThat(shipment.trackingNumber).isPositive();
			long tracking = shipment.trackingNumber;
			assertThat(beforeConvert(context, shipment).trackingNumber).as("set once, kept on the next save")
				.isEqualTo(tracking);
		});
	}

	@Test
	void unsupportedTypeFailsNamingThePropertyAndTheAllowedTypes() {
		this.contextRunner.run((context) -> assertThatThrownBy(() -> beforeConvert(context, new Token()))
			.isInstanceOf(MappingException.class)
			.hasMessage("@SnowflakeId on Token.id of type java.lang.Integer: supported property types are Long, long "
					+ "and String (decimal)"));
	}

	@Test
	void annotationsInsideAnAggregateAreRefusedRatherThanIgnored() {
		this.contextRunner.run((context) -> assertThatThrownBy(() -> beforeConvert(context, new Basket()))
			.isInstanceOf(MappingException.class)
			.hasMessageContaining("@SnowflakeId/@SegmentId on Line.id, reached through Basket.lines")
			.hasMessageContaining("aggregate root's properties only (Basket)"));
	}

	@Test
	void withoutAGeneratorBeanTheSaveFailsNamingTheProperty() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeDataJdbcAutoConfiguration.class))
			.withUserConfiguration(MappingContextConfiguration.class)
			.run((context) -> assertThatThrownBy(() -> beforeConvert(context, new Note("x")))
				.isInstanceOf(IllegalStateException.class)
				.hasMessageStartingWith("@SnowflakeId on Note.id needs a SnowflakeIdGenerator bean"));
	}

	@Configuration(proxyBeanMethods = false)
	static class MappingContextConfiguration {

		@Bean
		RelationalMappingContext mappingContext() {
			return new RelationalMappingContext();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnCallback {

		@Bean
		Mine snowflakeIdBeforeConvertCallback() {
			return new Mine(SnowflakeIdGenerator.builder().datacenterId(3).workerId(9).build());
		}

		/** An application's own callback: ids from a generator of its own. */
		record Mine(SnowflakeIdGenerator own) implements BeforeConvertCallback<Note> {

			@Override
			public Note onBeforeConvert(Note note) {
				if (note.id == null) {
					note.id = this.own.nextId();
				}
				return note;
			}
		}
	}

	static class Note {

		@Id
		@SnowflakeId
		Long id;

		String text;

		Note(String text) {
			this.text = text;
		}
	}

	static class PrimitiveNote {

		@Id
		@SnowflakeId
		long id;
	}

	static class TextNote {

		@Id
		@SnowflakeId
		String id;
	}

	record Memo(@Id @SnowflakeId Long id, String text) {
	}

	static final class Receipt {

		@Id
		@SnowflakeId
		final Long id;

		final int cents;

		Receipt(Long id, int cents) {
			this.id = id;
			this.cents = cents;
		}

		Receipt withId(Long id) {
			return new Receipt(id, this.cents);
		}
	}

	static class Plain {

		@Id
		Long id;
	}

	static class Shipment {

		@Id
		Long id;

		@SnowflakeId
		Long trackingNumber;
	}

	static class Token {

		@Id
		@SnowflakeId
		Integer id;
	}

	static class Basket {

		@Id
		@SnowflakeId
		Long id;

		Set<Line> lines = Set.of();
	}

	static class Line {

		@Id
		@SnowflakeId
		Long id;
	}
}
