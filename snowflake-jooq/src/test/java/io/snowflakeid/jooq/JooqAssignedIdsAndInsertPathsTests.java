package io.snowflakeid.jooq;

import java.time.Duration;
import java.util.List;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.jooq.TestDatabases.Isolated;
import io.snowflakeid.jooq.schema.BookRecord;
import org.jooq.DSLContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.snowflakeid.jooq.schema.Book.BOOK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * jOOQ: ids the application assigns (ahead of the clock, negative, Long zero, primitive zero, text keys) and the
 * insert paths around the record listener (executeInsert, schema-qualified entries): never a duplicate id, and a
 * refusal names the column.
 */
class JooqAssignedIdsAndInsertPathsTests {

	private static final SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder()
		.datacenterId(3)
		.workerId(9)
		.build();

	static List<TestDatabases> databases() {
		return TestDatabases.enabled();
	}

	private static DSLContext withListener(Isolated db, SnowflakeRecordListener listener) {
		DSLContext dsl = db.dsl();
		listener.appendTo(dsl.configuration()); // the record listener and its insert guard, as the starter does
		return dsl;
	}

	/**
	 * The Hibernate binding now refuses an assigned id that is ahead of the clock (a client's value from a request
	 * body: this generator would issue it itself later, a duplicate key then). jOOQ keeps it: a record filled from a
	 * request body ({@code dsl.newRecord(BOOK, body)}) with an id one hour ahead is stored, and this very generator
	 * issues that id an hour later.
	 */
	@ParameterizedTest
	@MethodSource("databases")
	void anAssignedIdAheadOfTheClockIsRefusedNamingTheColumnAsHibernateDoes(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).column(BOOK.ID).build());
			SnowflakeLayout layout = generator.layout();
			java.time.Instant inAnHour = generator.decode(generator.nextId()).timestamp().plus(Duration.ofHours(1));
			// exactly the id this generator (datacenter 3, worker 9) issues first in that tick
			long future = layout.compose(inAnHour, 3, 9, 0);
			assertThat(generator.decode(future).timestamp()).isAfter(java.time.Instant.now().plusSeconds(3000));

			BookRecord fromBody = dsl.newRecord(BOOK).setId(future).setTitle("id chosen by a client");
			assertThatThrownBy(fromBody::store).as("an id this generator would issue itself in an hour")
				.hasMessageContaining("book.id")
				.hasMessageContaining(Long.toString(future));
			assertThat(dsl.fetchCount(BOOK)).isZero();
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aNegativeAssignedIdIsRefusedNamingTheColumnAsHibernateDoes(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).column(BOOK.ID).build());
			BookRecord fromBody = dsl.newRecord(BOOK).setId(-5L).setTitle("negative");
			assertThatThrownBy(() -> dsl.batchInsert(fromBody).execute()).hasMessageContaining("book.id")
				.hasMessageContaining("-5");
			assertThat(dsl.fetchCount(BOOK)).isZero();
		}
	}

	/** Hibernate and the README treat a Long's 0 as not set, as a long's; so does jOOQ now, in every column. */
	@ParameterizedTest
	@MethodSource("databases")
	void aLongZeroIsNotSetAndGetsANewId(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).columns("book.id").build());
			BookRecord zero = dsl.newRecord(BOOK).setId(0L).setTitle("zero");
			zero.store();
			assertThat(zero.getId()).isPositive();
			assertThat(generator.decode(zero.getId()).workerId()).isEqualTo(9);
			assertThat(dsl.fetchCount(BOOK, BOOK.ID.eq(0L))).isZero();
		}
	}

	/**
	 * A column named by the setting and again by a POJO with a primitive long field: the rules are de-duplicated by
	 * field (the first wins), and a POJO's 0 was kept by the setting's rule and stored as id 0.
	 */
	@ParameterizedTest
	@MethodSource("databases")
	void aPrimitivePojosZeroGetsAnIdWhenTheColumnIsAlsoNamedBySetting(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator)
				.columns("event_log.event_id", "event_log.tracking_no")
				.pojo(io.snowflakeid.jooq.schema.EventPojo.class, io.snowflakeid.jooq.schema.EventLog.EVENT_LOG)
				.build();
			DSLContext dsl = withListener(db, listener);
			io.snowflakeid.jooq.schema.EventPojo event = new io.snowflakeid.jooq.schema.EventPojo();
			event.what = "both";
			org.jooq.Record record = dsl.newRecord(io.snowflakeid.jooq.schema.EventLog.EVENT_LOG, event);
			((org.jooq.TableRecord<?>) record).insert();
			assertThat(record.get(io.snowflakeid.jooq.schema.EventLog.EVENT_LOG.EVENT_ID)).isPositive();
			assertThat(record.get(io.snowflakeid.jooq.schema.EventLog.EVENT_LOG.TRACKING_NO)).isPositive();
		}
	}

	/** A text column keeps a value that is not a number (a legacy key), as Hibernate does; a negative one is refused. */
	@ParameterizedTest
	@MethodSource("databases")
	void aTextColumnKeepsANonNumericKeyAndRefusesANegativeOne(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).columns("note.code").build());
			io.snowflakeid.jooq.schema.Note note = io.snowflakeid.jooq.schema.Note.NOTE;
			org.jooq.TableRecord<?> legacy = dsl.newRecord(note);
			legacy.set(note.CODE, "LEGACY-7");
			legacy.insert();
			org.jooq.TableRecord<?> negative = dsl.newRecord(note);
			negative.set(note.CODE, "-7");
			assertThatThrownBy(negative::insert).isInstanceOf(io.snowflakeid.AssignedIdRefusedException.class)
				.hasMessageContaining("note.code = -7");
			assertThat(dsl.fetch(note).getValues(note.CODE)).containsExactly("LEGACY-7");
		}
	}

	/**
	 * {@code DSLContext.executeInsert(TableRecord)} takes a record, but inserts it through an InsertQuery: no
	 * RecordListener runs, and the row gets no id (a NOT NULL violation from the database here; with an identity
	 * or AUTO_INCREMENT left on the column, which the column check only warns about, a database number
	 * silently). The README's limits name only statements that "build no record".
	 * <p>
	 * Decided (see {@link SnowflakeRecordListener#insertGuard()}): not filled, since that means rewriting a query
	 * object the application may execute again; refused by the insert guard before anything is sent, naming the
	 * limit and the ways that give the id, and documented. Likewise {@code insertInto(T).set(record)}, the Loader
	 * API, and a DSL insert that leaves the column out or NULL; the documented ways still work.
	 */
	@ParameterizedTest
	@MethodSource("databases")
	void executeInsertOfANewRecordGetsAnIdOrIsRefusedNamingTheLimit(TestDatabases database) throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = withListener(db, SnowflakeRecordListener.builder(generator).column(BOOK.ID).build());
			BookRecord book = new BookRecord();
			book.setTitle("executeInsert");
			assertThatThrownBy(() -> dsl.executeInsert(book)).hasMessageContaining("Refusing an INSERT into book")
				.hasMessageContaining("leaves column id out")
				.hasMessageContaining("DSLContext.executeInsert(record)")
				.hasMessageContaining("record.insert()");
			assertThatThrownBy(() -> dsl.insertInto(BOOK).set(book).execute())
				.hasMessageContaining("leaves column id out");
			assertThatThrownBy(() -> dsl.insertInto(BOOK).set(BOOK.ID, (Long) null).set(BOOK.TITLE, "null").execute())
				.hasMessageContaining("sets column id to NULL");
			assertThatThrownBy(() -> dsl.insertInto(BOOK, BOOK.TITLE).select(dsl.select(BOOK.TITLE).from(BOOK))
				.execute()).hasMessageContaining("leaves column id out");
			assertThatThrownBy(() -> dsl.loadInto(BOOK)
				.loadArrays(new Object[][] { { "loaded" } })
				.fields(BOOK.TITLE)
				.execute()).hasMessageContaining("leaves column id out");
			assertThat(dsl.fetchCount(BOOK)).isZero();

			// the documented ways
			dsl.insertInto(BOOK, BOOK.ID, BOOK.TITLE).values(generator.nextId(), "id in the statement").execute();
			dsl.executeInsert(new BookRecord(generator.nextId(), "executeInsert with its id"));
			dsl.newRecord(BOOK, book).insert();
			dsl.batchInsert(new BookRecord(null, "batched")).execute();
			dsl.loadInto(BOOK)
				.loadArrays(new Object[][] { { generator.nextId(), "loaded with its id" } })
				.fields(BOOK.ID, BOOK.TITLE)
				.execute();
			dsl.insertInto(BOOK).select(dsl.select(BOOK.ID.plus(1), BOOK.TITLE).from(BOOK).where(BOOK.TITLE
				.eq("batched"))).execute();
			assertThat(dsl.fetchCount(BOOK)).isEqualTo(6);
			assertThat(dsl.fetchCount(BOOK, BOOK.ID.isNull())).isZero();
		}
	}

	/**
	 * A schema-qualified entry ({@code public.book.id}, as README recommends where the database resolves unqualified
	 * names) passes the start-up column check, but a table of generated code without a schema (jOOQ's
	 * {@code outputSchemaToDefault}, or a schema mapped at runtime) never matches it: records are inserted without
	 * an id, silently as far as the listener is concerned.
	 */
	@ParameterizedTest
	@MethodSource("databases")
	void aSchemaQualifiedEntryThatPassesTheColumnCheckFillsTheTableItChecked(TestDatabases database)
			throws Exception {
		try (Isolated db = database.isolated()) {
			DSLContext dsl = db.dsl();
			String schema = switch (database) {
				case H2 -> "PUBLIC";
				case POSTGRESQL, MARIADB -> db.name();
			};
			SnowflakeRecordListener listener = SnowflakeRecordListener.builder(generator)
				.columns(schema + ".book.id")
				.build();
			listener.appendTo(dsl.configuration());
			listener.checkColumns(dsl, SchemaCheck.FAIL); // the column is there: the start goes on

			BookRecord book = dsl.newRecord(BOOK).setTitle("qualified entry");
			book.store();
			assertThat(book.getId()).as("the column the start-up check found, filled").isNotNull();
		}
	}

}
