package io.snowflakeid.jooq;

import java.lang.reflect.Proxy;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.jooq.schema.BookPojo;
import io.snowflakeid.jooq.schema.EventLog.EventLogRecord;
import io.snowflakeid.jooq.schema.Tally.TallyRecord;
import org.jooq.Record;
import org.jooq.RecordContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;

import static io.snowflakeid.jooq.schema.Book.BOOK;
import static io.snowflakeid.jooq.schema.EventLog.EVENT_LOG;
import static io.snowflakeid.jooq.schema.Tally.TALLY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the builder and {@code fill} refuse, and what they accept, without a database. */
class SnowflakeRecordListenerTests {

	private static final SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder()
		.datacenterId(4)
		.workerId(2)
		.build();

	@Test
	void aGeneratedIntegerColumnIsRefusedWhenConfigured() {
		assertThatThrownBy(() -> SnowflakeRecordListener.builder(generator).column(TALLY.ID))
			.isInstanceOf(SnowflakeConfigurationException.class)
			.hasMessage("Invalid SnowflakeRecordListener.Builder.column = tally.id: allowed a BIGINT column (Java type "
					+ "Long), or a text column (String) for the decimal form. Column tally.id is INTEGER (Java type "
					+ "java.lang.Integer), which cannot hold a 64-bit id");
	}

	@Test
	void namesThatAreNotTableDotColumnAreRefusedNamingTheSetting() {
		for (String bad : new String[] { "book", "a.b.c.d", "book.", ".id", "book. id" }) {
			assertThatThrownBy(() -> SnowflakeRecordListener.builder(generator).columns(bad))
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageStartingWith("Invalid snowflake.jooq.columns = " + bad + ": allowed comma-separated "
						+ "table.column or schema.table.column names");
		}
	}

	@Test
	void aPojoFieldWithoutAColumnOrOfAnotherTypeIsRefused() {
		assertThatThrownBy(() -> SnowflakeRecordListener.builder(generator).pojo(Orphan.class, BOOK))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessage("@SnowflakeId Orphan.isbnNumber: table book has no column jOOQ maps it to (the field's name, "
					+ "or a name whose camel case it is, like book_id for bookId); its columns: id, title");
		assertThatThrownBy(() -> SnowflakeRecordListener.builder(generator).pojo(TextTitle.class, BOOK))
			.hasMessageContaining("@SnowflakeId TextTitle.id of type java.lang.String is mapped to column book.id of "
					+ "Java type java.lang.Long: the types must match");
		assertThatThrownBy(() -> SnowflakeRecordListener.builder(generator).pojo(String.class, BOOK))
			.hasMessage("java.lang.String has no @SnowflakeId field");
	}

	@Test
	void fillSetsUnsetFieldsAndKeepsSetOnes() {
		SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator).build();
		BookPojo fresh = listener.fill(new BookPojo("a"));
		assertThat(generator.decode(fresh.getId()).workerId()).isEqualTo(2);
		BookPojo set = new BookPojo("b");
		set.setId(5L);
		assertThat(listener.fill(set).getId()).isEqualTo(5L);
		Primitive primitive = listener.fill(new Primitive());
		assertThat(primitive.id).isPositive();
		assertThat(primitive.code).hasSize(19).containsOnlyDigits();
		BookPojo negative = new BookPojo("c");
		negative.setId(-1L);
		assertThatThrownBy(() -> listener.fill(negative))
			.isInstanceOf(io.snowflakeid.AssignedIdRefusedException.class)
			.hasMessageContaining("BookPojo.id = -1");
		BookPojo zero = new BookPojo("d");
		zero.setId(0L);
		assertThat(listener.fill(zero).getId()).as("a Long's 0 is not set, as a long's").isPositive();
	}

	@Test
	void fillRefusesWhatItCannotSet() {
		SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator).build();
		assertThatThrownBy(() -> listener.fill(new Immutable(null)))
			.hasMessageContaining("@SnowflakeId Immutable.id is final (or a record component)");
		assertThatThrownBy(() -> listener.fill(new WrongType()))
			.hasMessage("@SnowflakeId on WrongType.id of type java.lang.Integer: supported field types are Long, long "
					+ "and String (decimal)");
		assertThatThrownBy(() -> listener.fill(new Segmented()))
			.hasMessageContaining("@SegmentId on Segmented.id: not supported with jOOQ");
	}

	@Test
	void aMissingGeneratorFailsTheInsertThatNeedsAnIdNamingTheColumn() {
		SnowflakeRecordListener listener = SnowflakeRecordListener.builder(() -> null).column(BOOK.ID).build();
		assertThatThrownBy(() -> listener.fill(new BookPojo("x")))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("need a SnowflakeIdGenerator");
		assertThat(listener.columns()).containsExactly("column(book.id)");
		assertThat(SnowflakeRecordListener.builder(generator).pojo(BookPojo.class, BOOK).columns("event_log.what")
			.build()
			.columns()).containsExactly("@SnowflakeId BookPojo.id (book.id)", "snowflake.jooq.columns=event_log.what");
	}

	@Test
	void aNamedTextColumnIsFilledWithTheDecimalFormOrRefusedWhenTooShort() {
		SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator)
			.columns("event_log.what", "tally.code")
			.build();
		EventLogRecord event = DSL.using(SQLDialect.H2).newRecord(EVENT_LOG);
		listener.insertStart(context(event)); // the listener runs before the INSERT: no database needed here
		assertThat(event.get(EVENT_LOG.WHAT)).as("VARCHAR(50)").hasSize(19).containsOnlyDigits();
		TallyRecord tally = DSL.using(SQLDialect.H2).newRecord(TALLY);
		assertThatThrownBy(() -> listener.insertStart(context(tally)))
			.isInstanceOf(SnowflakeConfigurationException.class)
			.hasMessage("Invalid snowflake.jooq.columns = tally.code: allowed a BIGINT column (Java type Long), or a "
					+ "text column of at least 19 characters (the ids' fixed-width decimal form). Column tally.code is "
					+ "VARCHAR (Java type java.lang.String) of length 10");
	}

	/** What jOOQ hands a RecordListener, for one record. */
	private static RecordContext context(Record record) {
		return (RecordContext) Proxy.newProxyInstance(RecordContext.class.getClassLoader(),
				new Class<?>[] { RecordContext.class }, (proxy, method, args) -> switch (method.getName()) {
					case "record" -> record;
					case "batchRecords" -> new Record[] { record };
					default -> throw new UnsupportedOperationException(method.getName());
				});
	}

	static class Orphan {

		@SnowflakeId
		Long isbnNumber;
	}

	static class TextTitle {

		@SnowflakeId
		String id;
	}

	static class Primitive {

		@SnowflakeId
		long id;

		@SnowflakeId
		String code;
	}

	record Immutable(@SnowflakeId Long id) {
	}

	static class WrongType {

		@SnowflakeId
		Integer id;
	}

	static class Segmented {

		@SegmentId
		Long id;
	}
}
