package io.snowflakeid.jooq;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeSchemaException;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.jooq.TestDatabases.Isolated;
import io.snowflakeid.jooq.schema.BookDao;
import io.snowflakeid.jooq.schema.BookPojo;
import io.snowflakeid.jooq.schema.BookRecord;
import io.snowflakeid.jooq.schema.EventLog.EventLogRecord;
import io.snowflakeid.jooq.schema.EventPojo;
import io.snowflakeid.jooq.schema.Note.NoteRecord;
import io.snowflakeid.jooq.schema.Tally.TallyRecord;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.ExecuteType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.snowflakeid.jooq.schema.Book.BOOK;
import static io.snowflakeid.jooq.schema.EventLog.EVENT_LOG;
import static io.snowflakeid.jooq.schema.Note.NOTE;
import static io.snowflakeid.jooq.schema.Tally.TALLY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Real inserts through jOOQ records on H2, and on PostgreSQL and MariaDB with {@code -Pdatabases}
 * ({@code -Dsnowflake.test.databases=h2,postgresql,mariadb}): every path that inserts a record gets ids before the
 * INSERT, values the application set are kept, and what cannot be filled is refused naming where it was configured.
 */
class SnowflakeRecordListenerDatabaseTests {

	private static final SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder()
		.datacenterId(3)
		.workerId(9)
		.build();

	static List<TestDatabases> databases() {
		return TestDatabases.enabled();
	}

	private static DSLContext withListener(Isolated db, SnowflakeRecordListener listener) {
		DSLContext dsl = db.dsl();
		listener.appendTo(dsl.configuration()); // with its insert guard: every record path passes it
		return dsl;
	}

	@ParameterizedTest
	@MethodSource("databases")
	void storeInsertAndBatchStoreGiveNewRecordsUniqueTimeOrderedDecodableIds(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).column(BOOK.ID).build());
			List<Long> issued = new ArrayList<>();

			BookRecord stored = dsl.newRecord(BOOK).setTitle("stored");
			assertThat(stored.store()).isOne();
			issued.add(stored.getId());

			BookRecord inserted = dsl.newRecord(BOOK).setTitle("inserted");
			assertThat(inserted.insert()).isOne();
			issued.add(inserted.getId());

			List<BookRecord> batch = IntStream.range(0, 50)
				.mapToObj((i) -> dsl.newRecord(BOOK).setTitle("batch " + i))
				.toList();
			AtomicInteger executions = new AtomicInteger();
			DSLContext counting = dsl.configuration().deriveAppending(new ExecuteListener() {
				@Override
				public void executeStart(ExecuteContext ctx) {
					assertThat(ctx.type()).as("batchStore sends one JDBC batch").isEqualTo(ExecuteType.BATCH);
					executions.incrementAndGet();
				}
			}).dsl();
			counting.batchStore(batch).execute();
			assertThat(executions).as("statements executed for 50 new records on %s", db).hasValue(1);
			batch.forEach((record) -> issued.add(record.getId()));

			assertThat(issued).doesNotContainNull().hasSize(52).doesNotHaveDuplicates();
			assertThat(issued).as("issued in order").isSorted();
			for (long id : issued) {
				SnowflakeIdParts parts = generator.decode(id);
				assertThat(parts.datacenterId()).isEqualTo(3);
				assertThat(parts.workerId()).isEqualTo(9);
			}
			assertThat(dsl.select(BOOK.ID).from(BOOK).orderBy(BOOK.ID).fetch(BOOK.ID)).as("rows on %s", db)
				.isEqualTo(issued);
			assertThat(dsl.fetchOne(BOOK, BOOK.ID.eq(stored.getId())).getTitle()).isEqualTo("stored");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void idsTheApplicationSetAreKept(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).column(BOOK.ID).build());
			dsl.newRecord(BOOK).setId(42L).setTitle("imported").store();
			BookRecord fresh = dsl.newRecord(BOOK).setTitle("fresh");
			dsl.batchStore(dsl.newRecord(BOOK).setId(43L).setTitle("imported too"), fresh).execute();
			BookRecord zero = new BookRecord(0L, "0 of a Long is not set, as of a long (and in Hibernate)");
			dsl.batchInsert(zero).execute();

			assertThat(zero.getId()).isGreaterThan(fresh.getId());
			assertThat(dsl.select(BOOK.ID).from(BOOK).orderBy(BOOK.ID).fetch(BOOK.ID)).containsExactly(42L, 43L,
					fresh.getId(), zero.getId());
			assertThat(fresh.getId()).isGreaterThan(1L << 40);
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void mergeOfANewRecordGetsAnId(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).column(BOOK.ID).build());
			BookRecord merged = dsl.newRecord(BOOK).setTitle("merged");
			merged.merge();
			assertThat(merged.getId()).isNotNull();
			assertThat(dsl.fetchOne(BOOK, BOOK.ID.eq(merged.getId()))).isNotNull();
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void daoInsertOfAnnotatedPojosFillsTheRecordAndCopiesTheIdBack(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator)
				.pojo(BookPojo.class, BOOK)
				.build();
			DSLContext dsl = withListener(db, listener);
			BookDao dao = new BookDao(dsl.configuration());

			BookPojo one = new BookPojo("one");
			dao.insert(one);
			List<BookPojo> many = List.of(new BookPojo("two"), new BookPojo("three"));
			dao.insert(many);
			BookPojo kept = new BookPojo("kept");
			kept.setId(7L);
			dao.insert(kept);

			assertThat(one.getId()).as("copied back from the record").isNotNull();
			assertThat(many).allSatisfy((pojo) -> assertThat(pojo.getId()).isNotNull());
			assertThat(dao.findAll()).extracting(BookPojo::getId)
				.containsExactlyInAnyOrder(one.getId(), many.get(0).getId(), many.get(1).getId(), 7L);

			// fill(...) before newRecord: the POJO knows its id before the insert
			BookPojo filled = listener.fill(new BookPojo("filled"));
			assertThat(filled.getId()).isNotNull();
			dsl.newRecord(BOOK, filled).store();
			assertThat(dao.findById(filled.getId()).getTitle()).isEqualTo("filled");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void textKeysGetTheFixedWidthDecimalForm(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).column(NOTE.CODE).build());
			NoteRecord note = dsl.newRecord(NOTE);
			note.set(NOTE.BODY, "text");
			note.store();
			String code = note.get(NOTE.CODE);
			assertThat(code).hasSize(19).containsOnlyDigits();
			assertThat(generator.decode(Long.parseLong(code)).workerId()).isEqualTo(9);
			assertThat(dsl.fetchOne(NOTE, NOTE.CODE.eq(code)).get(NOTE.BODY)).isEqualTo("text");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void recordsWithoutAPrimaryKeyAndPrimitivePojoFieldsByName(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator)
				.pojo(EventPojo.class, EVENT_LOG)
				.build();
			DSLContext dsl = withListener(db, listener);
			EventPojo event = new EventPojo();
			event.what = "signed up";
			EventLogRecord record = dsl.newRecord(EVENT_LOG, event);
			assertThat(record.get(EVENT_LOG.EVENT_ID)).as("the POJO's 0").isZero();
			record.insert();
			assertThat(record.get(EVENT_LOG.EVENT_ID)).as("0 of a primitive long is not set").isPositive();
			assertThat(record.get(EVENT_LOG.TRACKING_NO)).as("tracking_no from trackingNo").isPositive()
				.isNotEqualTo(record.get(EVENT_LOG.EVENT_ID));
			assertThat(dsl.fetchCount(EVENT_LOG, EVENT_LOG.TRACKING_NO.eq(record.get(EVENT_LOG.TRACKING_NO))))
				.isOne();
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void namedColumnsMatchIgnoringCaseAndSchema(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator)
				.columns("BOOK.Id, event_log.event_id", "event_log.tracking_no")
				.build();
			DSLContext dsl = withListener(db, listener);
			BookRecord book = dsl.newRecord(BOOK).setTitle("by name");
			book.store();
			EventLogRecord event = dsl.newRecord(EVENT_LOG);
			event.set(EVENT_LOG.WHAT, "by name");
			event.insert();
			assertThat(book.getId()).isNotNull();
			assertThat(event.get(EVENT_LOG.EVENT_ID)).isNotNull();
			assertThat(event.get(EVENT_LOG.TRACKING_NO)).isNotNull();
			listener.checkColumns(dsl, SchemaCheck.FAIL); // all three exist and hold 64 bits
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNamedIntegerColumnIsRefusedAtInsertAndByTheCheck(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator).columns("tally.id").build();
			DSLContext dsl = withListener(db, listener);
			TallyRecord tally = dsl.newRecord(TALLY);
			tally.set(TALLY.LABEL, "x");
			assertThatThrownBy(tally::store).isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.jooq.columns = tally.id")
				.hasMessageContaining("Column tally.id is INTEGER (Java type java.lang.Integer)");
			assertThat(dsl.fetchCount(TALLY)).isZero();

			assertThatThrownBy(() -> listener.checkColumns(dsl, SchemaCheck.FAIL))
				.isInstanceOf(SnowflakeSchemaException.class)
				.hasMessageContaining("snowflake.jooq.columns=tally.id")
				.hasMessageContaining("it holds at most 2147483647")
				.satisfies((ex) -> assertThat(((SnowflakeSchemaException) ex).getFix()).containsIgnoringCase("BIGINT"));
			listener.checkColumns(dsl, SchemaCheck.WARN); // logs, starts
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void unknownTablesAndColumnsAreNamed(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator)
				.columns("book.isbn")
				.build();
			DSLContext dsl = withListener(db, listener);
			assertThatThrownBy(() -> dsl.newRecord(BOOK).setTitle("x").store())
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.jooq.columns = book.isbn")
				.hasMessageContaining("Table book has no column isbn; its columns: id, title");
			assertThatThrownBy(() -> listener.checkColumns(dsl, SchemaCheck.FAIL))
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.jooq.columns = book.isbn")
				.hasMessageContaining("no column isbn in a table book");

			SnowflakeRecordListener typo = SnowflakeRecordListener.builder(generator).columns("bok.id").build();
			assertThatThrownBy(() -> typo.checkColumns(dsl, SchemaCheck.FAIL))
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("Invalid snowflake.jooq.columns = bok.id")
				.hasMessageContaining("no column id in a table bok");
			typo.checkColumns(dsl, SchemaCheck.OFF);
			assertThat(new HashSet<>(typo.columns())).containsExactly("snowflake.jooq.columns=bok.id");
		}
	}
}
