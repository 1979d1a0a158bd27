package io.snowflakeid.spring.jooq;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.jooq.SnowflakeRecordListener;
import io.snowflakeid.spring.jpa.SliceAssertions;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static io.snowflakeid.spring.jooq.Book.BOOK;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code @JooqTest} (the annotation is on the subclass of each Boot line: it moved packages in Boot 4) applies the
 * starter: records of the configured columns get ids from the generator application.properties configures.
 */
public abstract class JooqSliceContract {

	/** The properties each line's {@code @JooqTest} sets. */
	public static final String COLUMNS = "snowflake.jooq.columns=book.id";

	public static final String SCHEMA = "spring.sql.init.schema-locations=classpath:jooq-schema.sql";

	@Autowired
	private DSLContext dsl;

	@Autowired
	private SnowflakeIdGenerator generator;

	@Autowired
	private SnowflakeRecordListener listener;

	@Test
	void storedRecordsGetIdsWithTheDatacenterWorkerAndLayoutOfApplicationProperties() {
		SliceAssertions.assertConfiguredFromApplicationProperties(this.generator);
		Book.BookRecord book = this.dsl.newRecord(BOOK).title("slice");
		book.store();
		SliceAssertions.assertIssuedByDatacenter1Worker2(book.id());
		assertThat(this.dsl.fetchOne(BOOK, BOOK.ID.eq(book.id()))).isNotNull();
		assertThat(this.listener.columns()).containsExactly("snowflake.jooq.columns=book.id");
	}
}
